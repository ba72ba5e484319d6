// A fetch-shaped call into a Lambda handler: the request as the API Gateway HTTP API (v2)
// event it would arrive as, the handler's result back as a Response. For tests that assert
// the same HTTP behaviour on every target.
import type { LambdaHandler } from "../../targets/lambda/index.ts";

interface HttpResult {
  statusCode: number;
  body?: string;
  isBase64Encoded?: boolean;
  headers?: Record<string, string>;
}

export function lambdaFetch(
  handler: LambdaHandler,
): (path: string, init?: RequestInit) => Promise<Response> {
  return async (path, init = {}) => {
    const url = new URL(path, "https://api.example");
    const method = init.method ?? "GET";
    const headers: Record<string, string> = { host: "api.example" };
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = typeof init.body === "string" ? init.body : undefined;
    const event = {
      version: "2.0",
      routeKey: "$default",
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      headers,
      requestContext: {
        accountId: "123456789012",
        apiId: "api",
        domainName: "api.example",
        http: { method, path: url.pathname, protocol: "HTTP/1.1", sourceIp: "203.0.113.1" },
        requestId: crypto.randomUUID(),
        routeKey: "$default",
        stage: "$default",
        time: new Date().toUTCString(),
        timeEpoch: Date.now(),
      },
      ...(body === undefined ? {} : { body }),
      isBase64Encoded: false,
    };
    const result = (await handler(event)) as HttpResult;
    const bytes =
      result.body === undefined
        ? null
        : result.isBase64Encoded
          ? Uint8Array.from(atob(result.body), (c) => c.charCodeAt(0))
          : result.body;
    return new Response([204, 304].includes(result.statusCode) ? null : bytes, {
      status: result.statusCode,
      headers: result.headers,
    });
  };
}

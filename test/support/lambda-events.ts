// Lambda events as AWS sends them, for tests that call a handler directly: API Gateway REST
// (payload 1.0) and HTTP API (2.0) requests, and an EventBridge rule's scheduled event.

export function v1Event(init: {
  method: string;
  path: string;
  headers?: Record<string, string[]>;
  query?: Record<string, string[]>;
  body?: string | Uint8Array;
}) {
  const multiValueHeaders = {
    host: ["abc123.execute-api.us-east-1.amazonaws.com"],
    ...init.headers,
  };
  const body =
    init.body instanceof Uint8Array ? Buffer.from(init.body).toString("base64") : init.body;
  return {
    resource: "/{proxy+}",
    path: init.path,
    httpMethod: init.method,
    // API Gateway puts the last value of each header in `headers`, all of them in multiValueHeaders.
    headers: Object.fromEntries(Object.entries(multiValueHeaders).map(([k, v]) => [k, v.at(-1)])),
    multiValueHeaders,
    queryStringParameters: init.query
      ? Object.fromEntries(Object.entries(init.query).map(([k, v]) => [k, v.at(-1)]))
      : null,
    multiValueQueryStringParameters: init.query ?? null,
    pathParameters: { proxy: init.path.slice(1) },
    stageVariables: null,
    requestContext: {
      resourcePath: "/{proxy+}",
      httpMethod: init.method,
      path: `/prod${init.path}`,
      stage: "prod",
      domainName: "abc123.execute-api.us-east-1.amazonaws.com",
      requestId: "c6af9ac6-7b61-11e6-9a41-93e8deadbeef",
      identity: { sourceIp: "203.0.113.1" },
    },
    body: body ?? null,
    isBase64Encoded: init.body instanceof Uint8Array,
  };
}

export function v2Event(init: {
  method: string;
  path: string;
  headers?: Record<string, string>;
  cookies?: string[];
  rawQueryString?: string;
  body?: string | Uint8Array;
}) {
  const body =
    init.body instanceof Uint8Array ? Buffer.from(init.body).toString("base64") : init.body;
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: init.path,
    rawQueryString: init.rawQueryString ?? "",
    ...(init.cookies ? { cookies: init.cookies } : {}),
    headers: { host: "xyz789.execute-api.us-east-1.amazonaws.com", ...init.headers },
    requestContext: {
      accountId: "123456789012",
      apiId: "xyz789",
      domainName: "xyz789.execute-api.us-east-1.amazonaws.com",
      http: { method: init.method, path: init.path, protocol: "HTTP/1.1", sourceIp: "203.0.113.1" },
      requestId: "JKJaXmPLvHcESHA=",
      routeKey: "$default",
      stage: "$default",
      time: "01/Jan/2026:12:00:00 +0000",
      timeEpoch: 1767268800000,
    },
    ...(body === undefined ? {} : { body }),
    isBase64Encoded: init.body instanceof Uint8Array,
  };
}

export interface HttpResult {
  statusCode: number;
  body: string;
  headers?: Record<string, string>;
  multiValueHeaders?: Record<string, string[]>;
}
export const json = (result: unknown) =>
  JSON.parse((result as HttpResult).body) as Record<string, unknown>;

export function scheduledEvent(time: string) {
  return {
    version: "0",
    id: `event-${time}`,
    "detail-type": "Scheduled Event",
    source: "aws.events",
    account: "123456789012",
    time,
    region: "us-east-1",
    resources: ["arn:aws:events:us-east-1:123456789012:rule/eliza-edge-tick"],
    detail: {},
  };
}

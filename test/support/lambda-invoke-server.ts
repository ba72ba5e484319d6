// A local stand-in for Lambda's Invoke API (POST /2015-03-31/functions/{name}/invocations),
// the endpoint @aws-sdk/client-lambda calls. It records each call and, as Lambda does for
// InvocationType "Event", answers 202 at once and then runs the function with the payload.
import { createServer } from "node:http";

export interface Invocation {
  functionName: string;
  invocationType: string;
  payload: unknown;
  /** The function's run on this payload (async invocations run after the 202). */
  run: Promise<unknown>;
}

export interface LambdaInvokeServer {
  endpoint: string;
  invocations: Invocation[];
  stop(): Promise<void>;
}

export async function startLambdaInvokeServer(
  run: (functionName: string, payload: unknown) => Promise<unknown>,
): Promise<LambdaInvokeServer> {
  const invocations: Invocation[] = [];
  const server = createServer(async (req, res) => {
    const match = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(req.url ?? "");
    if (req.method !== "POST" || !match) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: `no route for ${req.method} ${req.url}` }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const functionName = decodeURIComponent(match[1]!);
    const invocationType = String(req.headers["x-amz-invocation-type"] ?? "RequestResponse");
    const payload = JSON.parse(Buffer.concat(chunks).toString("utf8") || "null") as unknown;
    if (invocationType === "Event") {
      res.writeHead(202, { "x-amz-executed-version": "$LATEST" });
      res.end();
      invocations.push({ functionName, invocationType, payload, run: run(functionName, payload) });
      return;
    }
    const result = run(functionName, payload);
    invocations.push({ functionName, invocationType, payload, run: result });
    const body = JSON.stringify(await result);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    invocations,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

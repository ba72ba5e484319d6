// API Gateway stood in for by a local HTTP server: each request becomes the HTTP API (v2)
// event the Lambda handler receives (lambda-fetch.ts), its buffered result the response. So
// clients that only speak HTTP (SDKs, EventSource) can be pointed at the Lambda handler.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { LambdaHandler } from "../../targets/lambda/index.ts";
import { lambdaFetch } from "./lambda-fetch.ts";

export interface LambdaHttp {
  url: string;
  close(): Promise<void>;
}

export async function serveLambda(handler: LambdaHandler): Promise<LambdaHttp> {
  const call = lambdaFetch(handler);
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers[name] = value;
    }
    const body = chunks.length ? Buffer.concat(chunks).toString("utf8") : undefined;
    try {
      const response = await call(req.url ?? "/", {
        method: req.method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: String(error) }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

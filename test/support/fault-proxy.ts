// An HTTP proxy in front of a real local service (DynamoDB Local, a fake model API) that
// injects the faults production sees: a stall (the request is taken and never answered), a
// reset (the connection dropped), DynamoDB's throttling answer, or a chosen request failed with
// a 500. Everything else is forwarded as it came.
import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type FaultMode = "pass" | "stall" | "reset" | "throttle";

export interface FaultProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  mode: FaultMode;
  /** When set, the mode's fault hits only the requests this matches; the rest pass. */
  scope?: (body: string, headers: IncomingMessage["headers"]) => boolean;
  /** A request whose body this matches is answered with DynamoDB's 500 InternalServerError. */
  failWhen?: (body: string, headers: IncomingMessage["headers"]) => boolean;
  /** Requests seen, by what happened to them. */
  readonly counts: Record<FaultMode | "failed", number>;
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  const stalled = new Set<ServerResponse>();
  let mode: FaultMode = "pass";
  const proxy: FaultProxy = {
    url: "",
    get mode() {
      return mode;
    },
    // A stall ends as stalls do at a proxy or a load balancer: the held connections are dropped.
    set mode(next: FaultMode) {
      mode = next;
      if (next !== "stall") for (const res of [...stalled]) res.destroy();
    },
    counts: { pass: 0, stall: 0, reset: 0, throttle: 0, failed: 0 },
    async close() {
      for (const res of stalled) res.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const inScope = proxy.scope?.(body.toString("utf8"), req.headers) ?? true;
    const fault = inScope ? mode : "pass";
    if (fault === "stall") {
      proxy.counts.stall++;
      stalled.add(res);
      res.once("close", () => stalled.delete(res));
      return;
    }
    if (fault === "reset") {
      proxy.counts.reset++;
      req.socket.destroy();
      return;
    }
    if (fault === "throttle") {
      proxy.counts.throttle++;
      return dynamoError(res, 400, "ProvisionedThroughputExceededException", "Rate exceeded");
    }
    if (proxy.failWhen?.(body.toString("utf8"), req.headers)) {
      proxy.counts.failed++;
      return dynamoError(res, 500, "InternalServerError", "Internal server error");
    }
    proxy.counts.pass++;
    forward(upstream, req, body, res);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

function forward(upstream: URL, req: IncomingMessage, body: Buffer, res: ServerResponse): void {
  const out = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: upstream.host },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  out.on("error", () => res.destroy());
  out.end(body);
}

/** DynamoDB's JSON error, as the SDK reads it (`__type` names the exception). */
function dynamoError(res: ServerResponse, status: number, type: string, message: string): void {
  res.writeHead(status, { "content-type": "application/x-amz-json-1.0" });
  res.end(JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, message }));
}

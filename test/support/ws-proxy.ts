// A WebSocket→TCP proxy standing in for Neon's: the Neon `Pool` opens
// ws://127.0.0.1:<proxy>/v2?address=host:port and speaks the Postgres wire protocol inside.
import { connect, type Socket } from "node:net";
import { neonConfig } from "@neondatabase/serverless";
import { WebSocket, WebSocketServer } from "ws";

export interface WsProxy {
  port: number;
  /** Cuts every open connection (as a network blip or a proxy restart does); keeps listening. */
  dropConnections(): void;
  stop(): Promise<void>;
}

/** `port` 0 picks a free one; a given port restarts a proxy where clients expect it. */
export async function startWsProxy(port = 0): Promise<WsProxy> {
  const server = new WebSocketServer({ host: "127.0.0.1", port });
  const sockets = new Set<Socket>();
  server.on("connection", (ws, request) => {
    const address = new URL(request.url ?? "/", "http://proxy").searchParams.get("address");
    const [host, port] = (address ?? "").split(":");
    if (!host || !port) return ws.close(1008, "address=host:port required");
    const tcp = connect({ host, port: Number(port) });
    tcp.setNoDelay(true);
    sockets.add(tcp);
    const pending: Buffer[] = [];
    tcp.on("connect", () => {
      for (const chunk of pending.splice(0)) tcp.write(chunk);
    });
    ws.on("message", (data: Buffer) => {
      if (tcp.connecting) pending.push(data);
      else tcp.write(data);
    });
    tcp.on("data", (chunk) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(chunk);
    });
    const closeBoth = () => {
      sockets.delete(tcp);
      tcp.destroy();
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close();
    };
    tcp.on("close", closeBoth);
    tcp.on("error", closeBoth);
    ws.on("close", closeBoth);
    ws.on("error", closeBoth);
  });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const dropConnections = () => {
    for (const socket of sockets) socket.destroy();
    for (const client of server.clients) client.terminate();
  };
  return {
    port: (server.address() as { port: number }).port,
    dropConnections,
    stop: () =>
      new Promise<void>((resolve) => {
        dropConnections();
        server.close(() => resolve());
      }),
  };
}

/** Points the (global) neonConfig WebSocket settings at a local proxy. */
export function useLocalWsProxy(proxy: WsProxy): void {
  neonConfig.webSocketConstructor = WebSocket;
  neonConfig.wsProxy = (host, port) => `127.0.0.1:${proxy.port}/v2?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
}

// A local stand-in for Discord's Gateway (discord.com/developers/docs/events/gateway): a
// WebSocket server speaking the documented JSON opcodes. On connect it sends HELLO (10) with a
// heartbeat interval; IDENTIFY (2) with the right bot token gets READY (DISPATCH, op 0); a
// HEARTBEAT (1) gets HEARTBEAT_ACK (11); dispatch() sends any event with the next sequence
// number. A wrong token closes with 4004 (Authentication failed), as Discord does. The fake
// REST server's GET /gateway/bot points clients here.
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";

export const Op = {
  DISPATCH: 0,
  HEARTBEAT: 1,
  IDENTIFY: 2,
  RESUME: 6,
  HELLO: 10,
  HEARTBEAT_ACK: 11,
} as const;

export interface GatewayUser {
  id: string;
  username: string;
  bot?: boolean;
}

export interface FakeGateway {
  /** ws://127.0.0.1:<port> */
  url: string;
  /** IDENTIFY payloads received, in order. */
  identifies: Record<string, unknown>[];
  heartbeats: number;
  /** Resolves once a client has identified and been sent READY. */
  ready(): Promise<void>;
  /** Sends a DISPATCH event to every identified client. */
  dispatch(event: string, data: unknown): void;
  /** Drops every connection (as a network blip does); clients reconnect. */
  dropAll(): void;
  close(): Promise<void>;
}

export async function startFakeGateway(options: {
  botToken: string;
  botUser: GatewayUser;
  applicationId: string;
  heartbeatIntervalMs?: number;
}): Promise<FakeGateway> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `ws://127.0.0.1:${port}`;
  const identified = new Set<WebSocket>();
  const identifies: Record<string, unknown>[] = [];
  let sequence = 0;
  let onReady: (() => void)[] = [];
  const fake: FakeGateway = {
    url,
    identifies,
    heartbeats: 0,
    ready: () =>
      identified.size > 0 ? Promise.resolve() : new Promise((resolve) => onReady.push(resolve)),
    dispatch(event, data) {
      sequence++;
      for (const socket of identified) {
        socket.send(JSON.stringify({ op: Op.DISPATCH, t: event, s: sequence, d: data }));
      }
    },
    dropAll() {
      for (const socket of server.clients) socket.terminate();
      identified.clear();
    },
    async close() {
      for (const socket of server.clients) socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  server.on("connection", (socket) => {
    socket.send(
      JSON.stringify({
        op: Op.HELLO,
        d: { heartbeat_interval: options.heartbeatIntervalMs ?? 41_250 },
        s: null,
        t: null,
      }),
    );
    socket.on("message", (raw) => {
      let payload: { op?: number; d?: Record<string, unknown> };
      try {
        payload = JSON.parse(String(raw));
      } catch {
        socket.close(4002, "Error while decoding payload.");
        return;
      }
      if (payload.op === Op.HEARTBEAT) {
        fake.heartbeats++;
        socket.send(JSON.stringify({ op: Op.HEARTBEAT_ACK, d: null, s: null, t: null }));
        return;
      }
      if (payload.op === Op.IDENTIFY || payload.op === Op.RESUME) {
        const d = payload.d ?? {};
        identifies.push(d);
        if (d.token !== options.botToken) {
          socket.close(4004, "Authentication failed.");
          return;
        }
        identified.add(socket);
        sequence++;
        socket.send(
          JSON.stringify({
            op: Op.DISPATCH,
            t: "READY",
            s: sequence,
            d: {
              v: 10,
              user: { ...options.botUser, bot: true },
              guilds: [],
              session_id: `session-${identifies.length}`,
              resume_gateway_url: url,
              shard: [0, 1],
              application: { id: options.applicationId, flags: 0 },
            },
          }),
        );
        for (const resolve of onReady) resolve();
        onReady = [];
      }
    });
    socket.on("close", () => identified.delete(socket));
  });
  return fake;
}

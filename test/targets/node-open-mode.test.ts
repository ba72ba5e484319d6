// The Node dev server in open mode (loopback listen address, no API_TOKEN), over real HTTP:
// a page on another site, or one reached by DNS rebinding, neither reads nor writes /api;
// curl and the server's own page still do. "Loopback" is an address, not a name that starts
// with 127.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLoopback, type NodeServer, startNodeServer } from "../../targets/node/index.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const env = { ALLOW_NO_DATABASE: "true", TASK_INTERVAL_MS: "0" };
let server: NodeServer;
beforeAll(async () => {
  server = await startNodeServer({ env, port: 0, host: "127.0.0.1", logger: quiet });
});
afterAll(async () => {
  await server?.close();
});

/** node:http, because fetch will not send a Host header of our choosing. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method, headers }, (res) => {
      let text = "";
      res.on("data", (d) => {
        text += d;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.once("error", reject);
    req.end(body);
  });
}

const history = async () =>
  JSON.parse((await raw("GET", "/api/rooms/x/messages", {})).body).messages as unknown[];

describe("open mode on the Node target", () => {
  it("refuses Host: evil.example reading a room (DNS rebinding) with 403", async () => {
    const res = await raw("GET", "/api/rooms/x/messages", { host: "evil.example" });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error.code).toBe("forbidden_host");
  });

  it("refuses a cross-site text/plain POST and stores nothing; curl without Origin works", async () => {
    const attack = await raw(
      "POST",
      "/api/messages",
      { origin: "https://evil.example", "content-type": "text/plain" },
      '{"text":"pwned","roomId":"x"}',
    );
    expect(attack.status).toBe(403);
    expect(await history()).toEqual([]);
    const curl = await raw(
      "POST",
      "/api/messages",
      { "content-type": "application/json" },
      '{"text":"hello","roomId":"x"}',
    );
    expect(curl.status).toBe(200);
    expect((await history()).length).toBe(2);
  });

  it("treats only loopback addresses as loopback", async () => {
    for (const host of ["127.0.0.1", "127.8.9.10", "::1", "localhost"]) {
      expect(isLoopback(host), host).toBe(true);
    }
    for (const host of ["127.example.com", "127.0.0.1.example.com", "0.0.0.0", "10.0.0.1"]) {
      expect(isLoopback(host), host).toBe(false);
    }
    await expect(startNodeServer({ env, port: 0, host: "127.example.com" })).rejects.toThrow(
      "API_TOKEN must be set when listening on 127.example.com",
    );
  });
});

// elizaOS's REST API for talking to an agent, driven by the real @elizaos/api-client 1.7.2 over
// HTTP (the shared app served by @hono/node-server): ping and health, the agents, a session
// (create, send and get the answer, list messages, delete), and the errors its users see.

import { ApiError, ElizaClient } from "@elizaos/api-client";
import { type ServerType, serve } from "@hono/node-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { API_TOKEN, type ApiApp, apiApp } from "../support/api-app.ts";

const PLAN = (text: string) =>
  `<response><thought>t</thought><actions>REPLY</actions><text>${text}</text></response>`;
const USER = "0b5c4a1e-5d7f-4a53-9f39-4f2e6c1d2a10";

describe("elizaOS API (@elizaos/api-client)", () => {
  let api: ApiApp;
  let server: ServerType;
  let client: ElizaClient;
  let baseUrl: string;

  beforeEach(async () => {
    api = await apiApp();
    baseUrl = await new Promise<string>((resolve) => {
      server = serve({ fetch: api.app.fetch, hostname: "127.0.0.1", port: 0 }, (info) =>
        resolve(`http://127.0.0.1:${info.port}`),
      );
    });
    client = ElizaClient.create({ baseUrl, apiKey: API_TOKEN });
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("pings, checks health, lists the agent and reads it without its secrets", async () => {
    expect(await client.server.ping()).toMatchObject({ pong: true });
    expect(await client.server.checkHealth()).toMatchObject({ status: "OK" });
    const { agents } = await client.agents.listAgents();
    expect(agents).toEqual([
      {
        id: api.runtime.agentId,
        name: "Ada",
        characterName: "Ada",
        bio: "Ada keeps records.",
        status: "active",
      },
    ]);
    const agent = await client.agents.getAgent(api.runtime.agentId);
    expect(agent).toMatchObject({ id: api.runtime.agentId, name: "Ada", status: "active" });
    expect(JSON.stringify(agent)).not.toContain("secrets");
  });

  it("talks to the agent through a session: send, the answer, the history", async () => {
    api.model.large.push(PLAN("Hello, session."), PLAN("Still here."));
    const session = await client.sessions.createSession({
      agentId: api.runtime.agentId,
      userId: USER,
      metadata: { platform: "test" },
    });
    expect(session).toMatchObject({ agentId: api.runtime.agentId, userId: USER });
    const sent = await client.sessions.sendMessageSync(session.sessionId, { content: "Hi there" });
    expect(sent.success).toBe(true);
    expect(sent.userMessage).toMatchObject({ content: "Hi there", authorId: USER });
    expect(sent.agentResponse).toMatchObject({ text: "Hello, session.", actions: ["REPLY"] });
    // The default transport (websocket in elizaOS) is answered too: there is no socket here.
    const second = await client.sessions.sendMessage(session.sessionId, { content: "Again" });
    expect(second.agentResponse?.text).toBe("Still here.");

    const history = await client.sessions.getMessages(session.sessionId, { limit: 10 });
    expect(history.messages.map((m) => [m.isAgent, m.content])).toEqual([
      [true, "Still here."],
      [false, "Again"],
      [true, "Hello, session."],
      [false, "Hi there"],
    ]);
    expect(history.messages[0]?.authorId).toBe(api.runtime.agentId);
    expect(history.hasMore).toBe(false);
    const info = await client.sessions.getSession(session.sessionId);
    expect(info).toMatchObject({ sessionId: session.sessionId, userId: USER });
    const listed = await client.sessions.listSessions();
    expect(listed.sessions.map((s) => s.sessionId)).toEqual([session.sessionId]);
    expect((await client.sessions.checkHealth()).activeSessions).toBe(1);

    // The turn went through the agent's pipeline: it is a run of the agent's.
    const runs = await (await api.client.api.runs.$get({ query: {} })).json();
    expect(runs.runs.map((r) => r.source)).toEqual(["elizaos", "elizaos"]);

    await client.sessions.deleteSession(session.sessionId);
    await expect(client.sessions.getSession(session.sessionId)).rejects.toMatchObject({
      code: "SESSION_NOT_FOUND",
      status: 404,
    });
  });

  it("gives the client's errors: wrong key, unknown agent, bad ids, empty content", async () => {
    const stranger = ElizaClient.create({ baseUrl, apiKey: "not-the-token" });
    await expect(stranger.agents.listAgents()).rejects.toMatchObject({ status: 401 });
    await expect(ElizaClient.create({ baseUrl }).server.ping()).rejects.toBeInstanceOf(ApiError);
    await expect(client.agents.getAgent(USER as never)).rejects.toMatchObject({ status: 404 });
    await expect(
      client.sessions.createSession({ agentId: USER, userId: USER }),
    ).rejects.toMatchObject({ status: 404, code: "AGENT_NOT_FOUND" });
    await expect(
      client.sessions.createSession({ agentId: api.runtime.agentId, userId: "not-a-uuid" }),
    ).rejects.toMatchObject({ status: 400 });
    const session = await client.sessions.createSession({
      agentId: api.runtime.agentId,
      userId: USER,
    });
    const empty = await fetch(`${baseUrl}/api/messaging/sessions/${session.sessionId}/messages`, {
      method: "POST",
      headers: { "x-api-key": API_TOKEN, "content-type": "application/json" },
      body: JSON.stringify({ content: "" }),
    });
    expect(empty.status).toBe(400);
    const blank = await fetch(`${baseUrl}/api/messaging/sessions/${session.sessionId}/messages`, {
      method: "POST",
      headers: { "x-api-key": API_TOKEN, "content-type": "application/json" },
      body: JSON.stringify({ content: "   " }),
    });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ error: { code: "invalid_body" } });
    expect(api.model.calls).toEqual([]);
  });
});

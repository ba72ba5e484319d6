// The OpenAPI document: openapi.json is what the routes' schemas generate (`npm run openapi`),
// names exactly the routes the app serves, and real answers of every operation parse with the
// schemas its components are made from.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../core/http/openapi/document.ts";
import * as protocols from "../../core/http/openapi/protocol-schemas.ts";
import * as answers from "../../core/http/openapi/schemas.ts";
import { restRoutes } from "../../core/http/routes/index.ts";
import { version } from "../../targets/node/version.ts";
import { API_TOKEN, apiApp, CRON_SECRET } from "../support/api-app.ts";

const committed = JSON.parse(readFileSync(new URL("../../openapi.json", import.meta.url), "utf8"));

describe("openapi.json", () => {
  it("is up to date with the schemas (run `npm run openapi` after changing a route)", () => {
    expect(committed).toEqual(JSON.parse(JSON.stringify(openApiDocument(version))));
  });

  it("documents exactly the routes the app serves", () => {
    const served = restRoutes.routes
      .filter((r) => r.method !== "ALL")
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`);
    const documented = Object.entries(committed.paths as Record<string, object>).flatMap(
      ([path, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${path}`),
    );
    // Each served method and path once in the document (a route's input declaration is an
    // entry of its own in hono's list, hence the sets).
    expect(new Set(served)).toEqual(new Set(documented));
    expect(new Set(documented).size).toBe(documented.length);
  });

  it("describes the real answers of every operation", async () => {
    const api = await apiApp();
    const { client } = api;
    const health = await (await client.health.$get()).json();
    answers.healthSchema.parse(health);
    answers.readySchema.parse(await (await client.health.ready.$get()).json());

    const sent = await (
      await client.api.messages.$post({
        json: { text: "hello", userId: "doc", roomId: "doc-room" },
      })
    ).json();
    answers.sendMessageResultSchema.parse(sent);
    answers.roomMessagesSchema.parse(
      await (
        await client.api.rooms[":roomId"].messages.$get({
          param: { roomId: "doc-room" },
          query: { limit: "10" },
        })
      ).json(),
    );
    answers.runPageSchema.parse(await (await client.api.runs.$get({ query: {} })).json());
    answers.runDetailSchema.parse(
      await (await client.api.runs[":id"].$get({ param: { id: sent.runId } })).json(),
    );

    api.runtime.registerTaskWorker({ name: "DOC_JOB", execute: async () => {} });
    const id = await api.runtime.createTask({ name: "DOC_JOB", tags: ["queue"], metadata: {} });
    answers.taskListSchema.parse(await (await client.api.tasks.$get({ query: {} })).json());
    answers.taskChangedSchema.parse(
      await (await client.api.tasks[":id"].pause.$post({ param: { id } })).json(),
    );
    answers.taskChangedSchema.parse(
      await (await client.api.tasks[":id"].resume.$post({ param: { id } })).json(),
    );
    answers.taskDeletedSchema.parse(
      await (await client.api.tasks[":id"].$delete({ param: { id } })).json(),
    );
    const cron = { headers: { authorization: `Bearer ${CRON_SECRET}` } };
    answers.tickReportSchema.parse(await (await client.api.cron.$get({ query: {} }, cron)).json());
    answers.tickReportSchema.parse(await (await client.api.cron.$post({ query: {} }, cron)).json());

    // The spec itself, served with a servers entry for the origin asked from.
    const served = await (await api.app.request("http://agent.test/openapi.json")).json();
    expect(served).toEqual({
      ...committed,
      servers: [{ url: "http://agent.test", description: "This agent" }],
    });

    // The browser stream: its start and its events URL.
    const auth = { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" };
    const call = async (path: string, init: RequestInit = {}) =>
      api.app.request(`http://agent.test${path}`, {
        ...init,
        headers: { ...auth, ...(init.headers as Record<string, string>) },
      });
    const stream = protocols.streamStartedSchema.parse(
      await (
        await call("/api/streams", { method: "POST", body: JSON.stringify({ text: "hi" }) })
      ).json(),
    );
    const events = await call(stream.eventsUrl);
    expect(events.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const done = /event: done\ndata: (.*)\n/.exec(await events.text())?.[1];
    answers.sendMessageResultSchema.parse(JSON.parse(done ?? "null"));

    // OpenAI's chat API.
    protocols.openAiModelListSchema.parse(await (await call("/v1/models")).json());
    const chat = { model: "ada", messages: [{ role: "user", content: "hi" }] };
    protocols.chatCompletionSchema.parse(
      await (
        await call("/v1/chat/completions", { method: "POST", body: JSON.stringify(chat) })
      ).json(),
    );
    const chunks = await (
      await call("/v1/chat/completions", {
        method: "POST",
        body: JSON.stringify({ ...chat, stream: true, stream_options: { include_usage: true } }),
      })
    ).text();
    const data = [...chunks.matchAll(/^data: (.*)$/gm)].map((m) => m[1]!);
    expect(data.at(-1)).toBe("[DONE]");
    for (const chunk of data.slice(0, -1))
      protocols.chatCompletionChunkSchema.parse(JSON.parse(chunk));
    protocols.openAiErrorSchema.parse(
      await (await call("/v1/chat/completions", { method: "POST", body: "{}" })).json(),
    );

    // elizaOS's REST API.
    const eliza = { headers: { "x-api-key": API_TOKEN } };
    protocols.elizaPingSchema.parse(await (await call("/api/server/ping", eliza)).json());
    protocols.elizaHealthSchema.parse(await (await call("/api/server/health", eliza)).json());
    protocols.elizaAgentListSchema.parse(await (await call("/api/agents", eliza)).json());
    protocols.elizaAgentSchema.parse(
      await (await call(`/api/agents/${api.runtime.agentId}`, eliza)).json(),
    );
    const session = protocols.elizaSessionSchema.parse(
      await (
        await call("/api/messaging/sessions", {
          method: "POST",
          body: JSON.stringify({
            agentId: api.runtime.agentId,
            userId: api.runtime.agentId.replace(/^./, "0"),
          }),
        })
      ).json(),
    );
    const sessionPath = `/api/messaging/sessions/${session.sessionId}`;
    protocols.elizaSessionSchema.parse(await (await call(sessionPath)).json());
    protocols.elizaSessionAnswerSchema.parse(
      await (
        await call(`${sessionPath}/messages`, {
          method: "POST",
          body: JSON.stringify({ content: "hello", transport: "http" }),
        })
      ).json(),
    );
    protocols.elizaSessionMessagesSchema.parse(
      await (await call(`${sessionPath}/messages?limit=5`)).json(),
    );
    protocols.elizaSessionListSchema.parse(await (await call("/api/messaging/sessions")).json());
    protocols.elizaSessionsHealthSchema.parse(
      await (await call("/api/messaging/sessions/health")).json(),
    );
    protocols.elizaDeletedSchema.parse(
      await (await call(sessionPath, { method: "DELETE" })).json(),
    );

    // Errors have the documented shape too.
    const notFound = await client.api.runs[":id"].$get({ param: { id } });
    expect(notFound.status).toBe(404);
    answers.errorSchema.parse(await notFound.json());
    const denied = await api.app.request("/api/tasks", {
      headers: { authorization: `Bearer not-${API_TOKEN}` },
    });
    answers.errorSchema.parse(await denied.json());
  });
});

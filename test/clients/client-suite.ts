// The clients people already have, against one running target over real HTTP: the official
// `openai` SDK (create, stream with usage, errors), the AI SDK's OpenAI-compatible provider
// (generateText, streamText), the `eventsource` package on GET /api/streams/:id/events,
// @elizaos/api-client (ping, agents, a session), and GET /openapi.json. Each target's file
// starts the target (node.test.ts, worker.test.ts, lambda.test.ts) and runs this suite.
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { ElizaClient } from "@elizaos/api-client";
import { generateText, streamText } from "ai";
import { EventSource } from "eventsource";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";

export const REPLY = "Answered on the edge, word by word.";
export const PLAN = `<response><thought>answer</thought><actions>REPLY</actions><text>${REPLY}</text></response>`;
export const API_TOKEN = "clients-test-token-0123456789";
/** The test character's name, so its OpenAI model id is "clara". */
export const CHARACTER = { name: "Clara", bio: ["Clara answers every client."] };
const MODEL = "clara";

export interface RunningTarget {
  /** The origin, no trailing slash. */
  url: string;
  /** The origin the platform tells the app it serves (API Gateway's domain); default url's. */
  publicOrigin?: string;
}

interface RunUsage {
  summary: { usage?: { promptTokens: number; completionTokens: number; totalTokens: number } };
}

/** Every named event of a GET event stream until `done`, read by the eventsource package. */
export function readEventSource(
  url: string,
): Promise<{ type: string; id: string; data: string }[]> {
  const source = new EventSource(url);
  const seen: { type: string; id: string; data: string }[] = [];
  return new Promise((resolve, reject) => {
    for (const type of ["run_started", "delta", "action", "reply", "done", "error"]) {
      source.addEventListener(type, (e) => {
        const event = e as MessageEvent<string>;
        if (type === "error" && !event.data) return;
        seen.push({ type, id: event.lastEventId, data: event.data });
        if (type === "done" || type === "error") {
          source.close();
          resolve(seen);
        }
      });
    }
    // A guard against a hang, not a measure.
    setTimeout(() => {
      source.close();
      reject(new Error(`no done event; saw ${JSON.stringify(seen)}`));
    }, 60_000);
  });
}

export function clientSuite(name: string, target: () => RunningTarget): void {
  const url = () => target().url;
  const runUsage = async (runId: string) => {
    const response = await fetch(`${url()}/api/runs/${runId}`, {
      headers: { authorization: `Bearer ${API_TOKEN}` },
    });
    return ((await response.json()) as RunUsage).summary.usage;
  };

  describe(`${name}: the openai SDK`, () => {
    const client = () => new OpenAI({ apiKey: API_TOKEN, baseURL: `${url()}/v1`, maxRetries: 0 });

    it("lists the agent, completes, and reports the model's usage", async () => {
      const openai = client();
      expect((await openai.models.list()).data.map((m) => m.id)).toEqual([MODEL]);
      const completion = await openai.chat.completions.create({
        model: MODEL,
        user: `${name}-sdk`,
        messages: [{ role: "user", content: "Hello from the openai SDK" }],
      });
      expect(completion.choices[0]?.message.content).toBe(REPLY);
      const runId = completion.id.replace(/^chatcmpl-/, "");
      const usage = await runUsage(runId);
      expect(usage?.totalTokens).toBeGreaterThan(0);
      expect(completion.usage).toEqual({
        prompt_tokens: usage?.promptTokens,
        completion_tokens: usage?.completionTokens,
        total_tokens: usage?.totalTokens,
      });
    });

    it("streams chunks with include_usage, ending with the usage chunk", async () => {
      const stream = await client().chat.completions.create({
        model: MODEL,
        stream: true,
        stream_options: { include_usage: true },
        user: `${name}-sdk-stream`,
        messages: [{ role: "user", content: "Stream it" }],
      });
      const chunks = [];
      for await (const chunk of stream) chunks.push(chunk);
      const text = chunks.map((c) => c.choices[0]?.delta.content ?? "").join("");
      expect(text).toBe(REPLY);
      expect(chunks.filter((c) => c.choices[0]?.delta.content).length).toBeGreaterThan(1);
      const last = chunks.at(-1)!;
      expect(last.choices).toEqual([]);
      expect(last.usage?.total_tokens).toBeGreaterThan(0);
    });

    it("raises the SDK's errors: a wrong key, an unknown model", async () => {
      const stranger = new OpenAI({ apiKey: "wrong", baseURL: `${url()}/v1`, maxRetries: 0 });
      await expect(stranger.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
      await expect(
        client().chat.completions.create({
          model: "gpt-4o",
          messages: [{ role: "user", content: "hi" }],
        }),
      ).rejects.toMatchObject({ status: 404, code: "model_not_found" });
    });
  });

  describe(`${name}: the AI SDK's OpenAI-compatible provider`, () => {
    const provider = () =>
      createOpenAICompatible({
        name: "eliza-edge",
        baseURL: `${url()}/v1`,
        apiKey: API_TOKEN,
        includeUsage: true,
      });

    it("generateText and streamText", async () => {
      const generated = await generateText({ model: provider()(MODEL), prompt: "Hi, AI SDK" });
      expect(generated.text).toBe(REPLY);
      expect(generated.usage.totalTokens).toBeGreaterThan(0);
      const streamed = streamText({ model: provider()(MODEL), prompt: "Stream, AI SDK" });
      let text = "";
      for await (const part of streamed.textStream) text += part;
      expect(text).toBe(REPLY);
      expect((await streamed.usage).totalTokens).toBeGreaterThan(0);
    });
  });

  describe(`${name}: EventSource (eventsource package)`, () => {
    it("POST /api/streams, then the events URL: the reply, then done", async () => {
      const started = await fetch(`${url()}/api/streams`, {
        method: "POST",
        headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ text: "Hello, EventSource", userId: `${name}-es` }),
      });
      expect(started.status).toBe(201);
      const { eventsUrl } = (await started.json()) as { eventsUrl: string };
      const seen = await readEventSource(`${url()}${eventsUrl}`);
      expect(seen[0]?.type).toBe("run_started");
      const replies = seen.filter((e) => e.type === "reply").map((e) => JSON.parse(e.data).text);
      expect(replies).toEqual([REPLY]);
      expect(seen.at(-1)).toMatchObject({ type: "done", id: "done" });
    });
  });

  describe(`${name}: @elizaos/api-client`, () => {
    it("pings, lists the agent, and talks through a session", async () => {
      const client = ElizaClient.create({ baseUrl: url(), apiKey: API_TOKEN });
      expect(await client.server.ping()).toMatchObject({ pong: true });
      expect(await client.server.checkHealth()).toMatchObject({ status: "OK" });
      const { agents } = await client.agents.listAgents();
      expect(agents.map((a) => a.name)).toEqual([CHARACTER.name]);
      const agentId = String(agents[0]?.id) as `${string}-${string}-${string}-${string}-${string}`;
      expect(await client.agents.getAgent(agentId)).toMatchObject({ id: agentId, name: "Clara" });
      const session = await client.sessions.createSession({
        agentId,
        userId: "4d1f2a3b-5c6d-4e7f-8a9b-0c1d2e3f4a5b",
      });
      const sent = await client.sessions.sendMessageSync(session.sessionId, {
        content: "Hello from elizaOS's client",
      });
      expect(sent.agentResponse?.text).toBe(REPLY);
      const history = await client.sessions.getMessages(session.sessionId);
      expect(history.messages.map((m) => [m.isAgent, m.content])).toEqual([
        [true, REPLY],
        [false, "Hello from elizaOS's client"],
      ]);
    });
  });

  describe(`${name}: the spec`, () => {
    it("GET /openapi.json is open and names this server", async () => {
      const response = await fetch(`${url()}/openapi.json`);
      expect(response.status).toBe(200);
      const spec = (await response.json()) as { servers: { url: string }[]; paths: object };
      expect(spec.servers[0]?.url).toBe(target().publicOrigin ?? new URL(url()).origin);
      expect(Object.keys(spec.paths)).toContain("/v1/chat/completions");
    });
  });
}

// The production edges of issue 29 as every target must show them, written once and run on
// each (the Worker in workerd, the Lambda handler, the Vercel function, the Node server): a
// keyed retry after a failed turn, a client's own message id, a provider's rate limit, a reply
// the storage cannot take, and the headers of API answers. Each target's file supplies how a
// request reaches it and how its storage is made to refuse the agent's replies.
import { expect } from "vitest";
import { type FakeOpenAIServer, openAIError } from "../fakes/openai-server.ts";

export const EDGE_REPLY = "Answered at the edge.";
export const EDGE_PLAN = `<response><thought>answer</thought><actions>REPLY</actions><text>${EDGE_REPLY}</text></response>`;

export interface EdgeAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export interface EdgeTarget {
  /** One authorized request to the target. */
  call(
    method: string,
    path: string,
    init?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<EdgeAnswer>;
  /** The fake model API the target's OpenAI provider calls. */
  openai: FakeOpenAIServer;
  /** Makes the storage refuse (true) or take again (false) the agent's own message rows. */
  refuseReplies(refuse: boolean): Promise<void>;
}

const texts = (answer: EdgeAnswer) =>
  ((answer.body.replies ?? []) as { text: string }[]).map((r) => r.text);

async function history(target: EdgeTarget, user: string): Promise<string[]> {
  const answer = await target.call("GET", `/api/rooms/dm:${user}/messages`);
  return ((answer.body.messages ?? []) as { role: string; text: string }[]).map(
    (m) => `${m.role}: ${m.text}`,
  );
}

const send = (target: EdgeTarget, user: string, text: string, headers = {}, extra = {}) =>
  target.call("POST", "/api/messages", {
    body: { text, userId: user, ...extra },
    headers,
  });

/** Two 500s: the provider's answer and that of its one retry. */
function modelFails(openai: FakeOpenAIServer): void {
  openai.enqueue(
    openAIError(500, "upstream exploded", "server_error"),
    openAIError(500, "upstream exploded", "server_error"),
  );
}

export async function keyedRetryAfterModelFailure(target: EdgeTarget): Promise<void> {
  const user = `keyed-${Math.random().toString(36).slice(2)}`;
  const key = { "idempotency-key": `${user}-k1` };
  modelFails(target.openai);
  const failed = await send(target, user, "plan my week", key);
  expect(failed.status).toBe(502);
  const retry = await send(target, user, "plan my week", key);
  expect(retry.status).toBe(200);
  expect(texts(retry)).toEqual([EDGE_REPLY]);
  expect(await history(target, user)).toEqual(["user: plan my week", `agent: ${EDGE_REPLY}`]);
}

export async function clientMessageIdRetry(target: EdgeTarget): Promise<void> {
  const user = `own-id-${Math.random().toString(36).slice(2)}`;
  modelFails(target.openai);
  const failed = await send(target, user, "hello there", {}, { messageId: "m-1" });
  expect(failed.status).toBe(502);
  const retry = await send(target, user, "hello there", {}, { messageId: "m-1" });
  expect(retry.status).toBe(200);
  const replay = await send(target, user, "hello there", {}, { messageId: "m-1" });
  expect(replay.headers.get("idempotent-replayed")).toBe("true");
  expect(texts(replay)).toEqual([EDGE_REPLY]);
  expect(await history(target, user)).toEqual(["user: hello there", `agent: ${EDGE_REPLY}`]);
}

export async function rateLimitedModel(target: EdgeTarget): Promise<void> {
  const limited = openAIError(429, "Rate limit reached", "rate_limit_error");
  limited.headers = { "retry-after": "3" };
  target.openai.enqueue(limited, limited);
  const answer = await send(target, `limited-${Date.now()}`, "hi");
  expect(answer.status).toBe(503);
  expect(answer.headers.get("retry-after")).toBe("3");
  const error = answer.body.error as { code: string; message: string };
  expect(error.code).toBe("model_unavailable");
  const { hostname, port } = new URL(target.openai.origin);
  expect(error.message).not.toContain(hostname);
  expect(error.message).not.toContain(port);
}

export async function unstoredReplyIs503(target: EdgeTarget): Promise<void> {
  const user = `full-${Math.random().toString(36).slice(2)}`;
  const key = { "idempotency-key": `${user}-k` };
  await target.refuseReplies(true);
  let failed: EdgeAnswer;
  try {
    failed = await send(target, user, "are you there", key);
  } finally {
    await target.refuseReplies(false);
  }
  expect(failed.status).toBe(503);
  expect(failed.headers.get("retry-after")).not.toBeNull();
  expect((failed.body.error as { code: string }).code).toBe("storage_unavailable");
  const retry = await send(target, user, "are you there", key);
  expect(retry.status).toBe(200);
  expect(texts(retry)).toEqual([EDGE_REPLY]);
  expect(await history(target, user)).toEqual(["user: are you there", `agent: ${EDGE_REPLY}`]);
}

export async function apiAnswersAreUncacheable(target: EdgeTarget): Promise<void> {
  const answers = [
    await target.call("GET", "/api/rooms/dm:nobody/messages"),
    await target.call("GET", "/api/runs"),
    await target.call("GET", "/api/tasks"),
    await target.call("POST", "/api/messages", { body: { text: "" } }),
  ];
  for (const answer of answers) {
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  }
}

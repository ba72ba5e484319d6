// OpenAI's chat API over the agent: POST /v1/chat/completions (JSON, or `stream: true` as
// chunk events) and GET /v1/models (the agent is the one model). Behind API_TOKEN like /api;
// every turn runs through the agent's pipeline (actions, memory, reminders, the run log).
import { Hono } from "hono";
import { runTimeoutMs, type TurnObserver } from "../../pipeline/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import type { AppEnv } from "../app-options.ts";
import { readJson } from "../body.ts";
import { ApiError } from "../errors.ts";
import {
  admitted,
  enforceRateLimit,
  idempotencyKeyOf,
  messageRetry,
  sendMessage,
  turnBody,
} from "../turn/index.ts";
import { jsonInput } from "../typed-input.ts";
import { type ChatCompletion, chatCompletion, completionId } from "./completion.ts";
import { CONVERSATION_HEADER, conversationOf } from "./conversation.ts";
import { openAiStreamError } from "./error-shape.ts";
import { modelEntry, modelIdOf, namesAgent } from "./model.ts";
import { type ChatCompletionBody, chatCompletionBody } from "./request.ts";
import { replayStream, streamCompletion } from "./stream.ts";

/** The request's `model` must name the agent, as OpenAI answers an unknown model. */
function checkModel(agent: IAgentRuntime, model: string): void {
  if (namesAgent(agent, model)) return;
  throw new ApiError(
    404,
    "model_not_found",
    `The model '${model}' does not exist; this server's model is '${modelIdOf(agent)}' (GET /v1/models)`,
  );
}

export const openAiRoutes = new Hono<AppEnv>()
  .get("/models", async (c) => {
    const agent = await c.get("options").getAgent(c);
    return c.json({ object: "list" as const, data: [modelEntry(agent)] });
  })
  .post("/chat/completions", jsonInput<ChatCompletionBody>(), async (c) => {
    const request = await readJson(c, chatCompletionBody());
    const agent = await c.get("options").getAgent(c);
    checkModel(agent, request.model);
    const conversation = conversationOf(request, c.req.header(CONVERSATION_HEADER));
    const body = turnBody(
      { text: conversation.text, userId: conversation.userId, roomId: conversation.roomId },
      (key) => ({ text: "messages", userId: "user" })[key] ?? "X-Conversation-Id",
    );
    const streamed = request.stream === true;
    const includeUsage = request.stream_options?.include_usage === true;
    const idempotencyKey = idempotencyKeyOf(c);
    return admitted(c, async (slot) => {
      const retry = messageRetry<ChatCompletion>(
        agent,
        { key: idempotencyKey },
        runTimeoutMs(agent),
        "openai",
      );
      const previous = await retry?.previous();
      if (previous) {
        c.header("Idempotent-Replayed", "true");
        return streamed ? (replayStream(previous, includeUsage) as never) : c.json(previous);
      }
      if (!retry?.admitted) await enforceRateLimit(c, agent, conversation);
      retry?.admit();
      await retry?.claim();
      const model = modelIdOf(agent);
      const meta = (runId: string) => ({
        id: completionId(runId),
        created: Math.floor(agent.now() / 1000),
        model,
      });
      let completion: ChatCompletion | undefined;
      // The retry contract of message-retry.ts: a failed turn frees its key at once.
      const turn = slot.after(async (observer?: TurnObserver) => {
        try {
          const result = await sendMessage(agent, body, {
            source: "openai",
            ...(retry ? { messageKey: retry.messageKey } : {}),
            ...(observer ? { observer } : {}),
          });
          completion = chatCompletion(meta(result.runId), result);
          await retry?.answered(completion);
          return result;
        } catch (error) {
          await retry?.failed();
          throw error;
        }
      });
      if (!streamed) {
        const result = await turn();
        return c.json(completion ?? chatCompletion(meta(result.runId), result));
      }
      const { events, finished } = streamCompletion({
        meta,
        includeUsage,
        errorBody: (error) => openAiStreamError(c, error),
        run: turn,
      });
      // The turn outlives a client that hangs up: its reply is still stored.
      c.get("options").waitUntil?.(c, finished);
      return events.response as never;
    });
  });

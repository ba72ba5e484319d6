// `runtime.messageService`: elizaOS's IMessageService shape over eliza-edge's pipeline, so
// elizaOS-style connectors and plugins that call runtime.messageService.handleMessage get
// the same turn our own ingress runs (save → should-respond → state → plan → actions →
// evaluators), with elizaOS's result shape.

import type { ElizaMessageService, State } from "../../runtime/index.ts";
import { isBeingReceived, messageService } from "./message-service.ts";
import { respondWithoutModel } from "./should-respond.ts";

// The shape is the runtime's (IAgentRuntime.messageService); this layer provides it.
export type { ElizaMessageService };

const emptyState = (): State => ({ values: {}, data: {}, text: "" });

export function createElizaMessageService(): ElizaMessageService {
  return {
    async handleMessage(runtime, message, callback, options = {}) {
      // A MESSAGE_RECEIVED listener answering the event with handleMessage: the turn that
      // emitted the event is already running it.
      if (isBeingReceived(runtime, message.id)) {
        return {
          didRespond: false,
          responseContent: null,
          responseMessages: [],
          state: emptyState(),
          mode: "none",
        };
      }
      const outcome = await messageService.handleMessage(
        runtime,
        message,
        callback && (async (content) => callback(content)),
        {
          // elizaOS's connectors store what their callback sends; recording it too would
          // put every reply in the room's history twice.
          callbackStoresReplies: callback !== undefined,
          ...(options.maxRetries === undefined ? {} : { retries: options.maxRetries }),
          ...(options.timeoutDuration === undefined ? {} : { timeoutMs: options.timeoutDuration }),
        },
      );
      return {
        didRespond: outcome.didRespond,
        responseContent: outcome.responses[0]?.content ?? null,
        responseMessages: outcome.responses,
        state: runtime.stateCache.get(outcome.messageId) ?? emptyState(),
        mode: outcome.didRespond ? "actions" : "none",
      };
    },

    /**
     * The decision without a model: a direct conversation, a mention, a reply or the agent's
     * name means respond; anything else is left to the model (skipEvaluation false), which
     * handleMessage asks.
     */
    shouldRespond(runtime, message, _room, mentionContext) {
      if (mentionContext?.isMention || mentionContext?.isReply) {
        return { shouldRespond: true, skipEvaluation: true, reason: "mentioned" };
      }
      const clear = respondWithoutModel(runtime, message);
      if (clear)
        return { shouldRespond: clear.respond, skipEvaluation: true, reason: clear.reason };
      return { shouldRespond: false, skipEvaluation: false, reason: "left to the model" };
    },

    async deleteMessage(runtime, message) {
      if (message.id) await runtime.deleteMemory(message.id);
    },

    /** Deletes the room's messages; channelId is elizaOS's and names the same room here. */
    async clearChannel(runtime, roomId, _channelId) {
      await runtime.deleteAllMemories(roomId, "messages");
    },
  };
}

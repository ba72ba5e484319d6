// The message service's public shapes: what handleMessage takes and gives back.
import type { Content, Memory, TokenUsage, UUID } from "../../kernel/index.ts";
import type { ActionResult, ConnectionParams, IAgentRuntime } from "../../runtime/index.ts";
import type { TurnObserver } from "./turn-observer.ts";

/** Delivers one reply to wherever the message came from (HTTP response, Telegram, ...). */
export type MessageCallback = (content: Content, memory: Memory) => Promise<unknown> | unknown;

export interface HandleMessageOptions {
  /**
   * Rows the conversation needs (world, room, entity, participants). Given here, they are
   * written in the same atomic batch as the message: one round trip instead of two.
   */
  connection?: ConnectionParams;
  /** The message is stored already (a retried inbox message): do not store it again. */
  alreadySaved?: boolean;
  /** Extra planner attempts when the model's XML does not parse; default 1. */
  retries?: number;
  /**
   * elizaOS's contract: the connector's callback stores what it sends (under the platform's
   * message id), so the service does not record replies itself. Without send-once records a
   * retried turn may answer again; eliza-edge's own connectors leave this off.
   */
  callbackStoresReplies?: boolean;
  /** This turn's run timeout in ms (elizaOS's timeoutDuration); default RUN_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Told of the run as it happens: its id, the reply's text as it is written, each step. */
  observer?: TurnObserver;
}

export interface HandleMessageResult {
  runId: UUID;
  messageId: UUID;
  didRespond: boolean;
  /** A "pre" evaluator blocked the message: nothing stored, no reply; `reason` says why. */
  blocked: boolean;
  /** The replies sent, each already stored as a memory. */
  responses: Memory[];
  actionResults: ActionResult[];
  reason: string;
  /**
   * Tokens used by the turn's own model calls (should-respond, planner), summed, when the
   * provider reported them; RUN_ENDED carries the same. Actions' calls: MODEL_USED only.
   */
  usage?: TokenUsage;
}

export interface MessageService {
  handleMessage(
    runtime: IAgentRuntime,
    message: Memory,
    callback?: MessageCallback,
    options?: HandleMessageOptions,
  ): Promise<HandleMessageResult>;
}

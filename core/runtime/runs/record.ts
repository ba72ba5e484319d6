// One run while it happens: every step is added here as it ends (a model call, an action, an
// evaluator, a reply), told to whoever watches the run (a streaming response), and printed at
// debug on the run's own logger, whose lines carry the run id and room. At the end the record
// becomes the run's log row (tracker.ts).
import {
  addUsage,
  type ElizaLogger,
  lazyChild,
  type TokenUsage,
  type UUID,
} from "../../kernel/index.ts";
import type {
  RespondRecord,
  RunCounts,
  RunEvent,
  RunEventType,
  RunKind,
  RunLogBody,
  RunStatus,
} from "./types.ts";

/** Most steps kept in one run's row; a runaway loop of actions cannot grow it without bound. */
export const MAX_RUN_EVENTS = 200;
/** Characters of an action's result text or an error kept in the row. */
export const MAX_TEXT_CHARS = 500;

export interface RunStart {
  runId: UUID;
  kind: RunKind;
  startedAt: number;
  messageId?: UUID;
  roomId?: UUID;
  entityId?: UUID;
  source?: string;
  task?: { id: UUID; name: string };
}

/** One model call, as useModel saw it end. */
export interface ModelCallRecord {
  modelType: string;
  provider: string;
  model?: string;
  /** ms from the call to its answer (elizaOS's executionTime). */
  executionTime: number;
  retries: number;
  usage?: TokenUsage;
  error?: string;
  /** LOG_PROMPTS only. */
  prompt?: string;
  response?: string;
}

export type RunListener = (event: RunEvent) => void;

export class RunRecord {
  readonly runId: UUID;
  readonly kind: RunKind;
  readonly startedAt: number;
  readonly messageId?: UUID;
  readonly roomId?: UUID;
  readonly entityId?: UUID;
  readonly source?: string;
  readonly task?: { id: UUID; name: string };
  /** The run's logger: every line carries runId and roomId. */
  readonly log: ElizaLogger;
  shouldRespond?: RespondRecord;
  /** What the run is doing now ("should_respond", "plan", "action:REPLY", ...), for model calls. */
  phase = "run";
  ended = false;
  private readonly events: RunEvent[] = [];
  private readonly counts: RunCounts = { actions: 0, modelCalls: 0, errors: 0, evaluators: 0 };
  private readonly replies: UUID[] = [];
  private usage?: TokenUsage;
  private dropped = 0;
  private readonly listeners = new Set<RunListener>();

  constructor(
    start: RunStart,
    logger: ElizaLogger,
    private readonly now: () => number,
  ) {
    this.runId = start.runId;
    this.kind = start.kind;
    this.startedAt = start.startedAt;
    this.messageId = start.messageId;
    this.roomId = start.roomId;
    this.entityId = start.entityId;
    this.source = start.source;
    this.task = start.task;
    this.log = lazyChild(logger, {
      runId: start.runId,
      ...(start.roomId ? { roomId: start.roomId } : {}),
    });
    this.add(
      "RUN_STARTED",
      {
        kind: start.kind,
        ...(start.messageId ? { messageId: start.messageId } : {}),
        ...(start.source ? { source: start.source } : {}),
        ...(start.task ? { task: start.task } : {}),
      },
      start.startedAt,
    );
  }

  /** Hears every step from now on; returns the way to stop. */
  subscribe(listener: RunListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  respondDecision(decision: RespondRecord): void {
    this.shouldRespond = { respond: decision.respond, reason: decision.reason };
    this.add("SHOULD_RESPOND", { ...this.shouldRespond });
    this.log.debug(`should respond: ${decision.respond ? "yes" : "no"} (${decision.reason})`);
  }

  modelUsed(call: ModelCallRecord): void {
    this.counts.modelCalls++;
    if (call.error) this.counts.errors++;
    if (call.usage) this.usage = addUsage(this.usage, call.usage);
    const data: Record<string, unknown> = {
      modelType: call.modelType,
      provider: call.provider,
      phase: this.phase,
      executionTime: call.executionTime,
      retries: call.retries,
    };
    if (call.model) data.model = call.model;
    if (call.usage) {
      data.usage = call.usage;
      data.inputTokens = call.usage.promptTokens;
      data.outputTokens = call.usage.completionTokens;
      if (call.usage.cacheReadInputTokens !== undefined) {
        data.cachedTokens = call.usage.cacheReadInputTokens;
      }
    }
    if (call.error) data.error = clip(call.error);
    if (call.prompt !== undefined) data.prompt = call.prompt;
    if (call.response !== undefined) data.response = call.response;
    this.add("MODEL_USED", data);
    this.log.debug(
      `model ${call.modelType} (${call.provider}${call.model ? ` ${call.model}` : ""}) ${call.error ? "failed" : "answered"} in ${call.executionTime} ms`,
      {
        phase: this.phase,
        retries: call.retries,
        ...(call.usage
          ? { tokensIn: call.usage.promptTokens, tokensOut: call.usage.completionTokens }
          : {}),
      },
    );
  }

  actionStarted(actionId: UUID, actionName: string): void {
    this.phase = `action:${actionName}`;
    this.add("ACTION_STARTED", { actionId, actionName });
    this.log.debug(`action ${actionName} started`);
  }

  actionCompleted(
    actionId: UUID,
    actionName: string,
    result: { success: boolean; text?: string; error?: unknown },
    durationMs: number,
  ): void {
    this.counts.actions++;
    if (!result.success) this.counts.errors++;
    const summary: Record<string, unknown> = { success: result.success };
    if (typeof result.text === "string" && result.text) summary.text = clip(result.text);
    if (result.error !== undefined && result.error !== null)
      summary.error = clip(String(result.error));
    this.add("ACTION_COMPLETED", {
      actionId,
      actionName,
      success: result.success,
      durationMs,
      result: summary,
    });
    this.log.debug(
      `action ${actionName} ${result.success ? "succeeded" : "failed"} in ${durationMs} ms`,
    );
    this.phase = "run";
  }

  evaluatorCompleted(evaluatorName: string, durationMs: number, error?: unknown): void {
    this.counts.evaluators++;
    if (error !== undefined) this.counts.errors++;
    this.add("EVALUATOR_COMPLETED", {
      evaluatorName,
      success: error === undefined,
      durationMs,
      ...(error === undefined ? {} : { error: clip(errorText(error)) }),
    });
    this.log.debug(
      `evaluator ${evaluatorName} ${error === undefined ? "done" : "failed"} in ${durationMs} ms`,
    );
  }

  replied(memoryId: UUID, text: string | undefined): void {
    this.replies.push(memoryId);
    this.add("MESSAGE_SENT", { messageId: memoryId, chars: text?.length ?? 0 });
    this.log.debug("reply stored and sent", { messageId: memoryId });
  }

  /** A failure the run survived (it is counted) or ended with (finish gets it too). */
  failed(where: string, error: unknown): void {
    this.counts.errors++;
    this.log.debug(`${where} failed: ${clip(errorText(error))}`);
  }

  /** The log row: what happened, in order, and how it ended. */
  finish(
    status: RunStatus,
    extra: { error?: unknown; didRespond?: boolean; reason?: string; usage?: TokenUsage } = {},
  ): RunLogBody {
    this.ended = true;
    const endTime = Math.max(this.now(), this.startedAt);
    const error = extra.error === undefined ? undefined : clip(errorText(extra.error));
    if (error !== undefined && status === "error") this.counts.errors++;
    this.add(
      "RUN_ENDED",
      {
        status,
        durationMs: endTime - this.startedAt,
        ...(error ? { error } : {}),
        ...(this.dropped ? { droppedEvents: this.dropped } : {}),
      },
      endTime,
      true,
    );
    const body: RunLogBody = {
      runId: this.runId,
      status,
      kind: this.kind,
      startTime: this.startedAt,
      endTime,
      duration: endTime - this.startedAt,
      counts: { ...this.counts },
      replies: [...this.replies],
      events: [...this.events],
    };
    if (this.messageId) body.messageId = this.messageId;
    if (this.roomId) body.roomId = this.roomId;
    if (this.entityId) body.entityId = this.entityId;
    if (this.source) body.source = this.source;
    if (this.task) body.task = this.task;
    if (error) body.error = error;
    if (this.shouldRespond) body.shouldRespond = this.shouldRespond;
    if (extra.didRespond !== undefined) body.didRespond = extra.didRespond;
    if (extra.reason !== undefined) body.reason = extra.reason;
    // The turn's own usage is known to the caller; the record also has actions' calls.
    const usage = this.usage ?? extra.usage;
    if (usage) body.usage = usage;
    return body;
  }

  private add(type: RunEventType, data: Record<string, unknown>, at = this.now(), always = false) {
    const event: RunEvent = { type, timestamp: at, data };
    if (this.events.length < MAX_RUN_EVENTS - 1 || always) this.events.push(event);
    else this.dropped++;
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A watcher that fails (a closed stream) never fails the run.
      }
    }
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function clip(text: string): string {
  return text.length > MAX_TEXT_CHARS ? `${text.slice(0, MAX_TEXT_CHARS)}…` : text;
}

// The runs a runtime has in progress, and the one log row each leaves. Model calls that do not
// name their run (an action's or an evaluator's own useModel) are given to the run whose code
// is executing (scope.ts, where the target installs one), else to the only run in progress;
// with several runs in progress and no scope they are counted in MODEL_USED only.

import {
  describeError,
  type ElizaLogger,
  type LogParams,
  type Redactor,
  redactValue,
  type StorageAdapter,
  type TokenUsage,
  type UUID,
} from "../../kernel/index.ts";
import { RunRecord, type RunStart } from "./record.ts";
import { hasRunScope, scopedRunId } from "./scope.ts";
import { logPrompts, runLogEnabled } from "./settings.ts";
import { RUN_LOG_TYPE, type RunLogBody, type RunStatus } from "./types.ts";

/** A row this large is still far under DynamoDB's 400 KB item and D1's 1 MB row. */
export const MAX_RUN_ROW_CHARS = 300_000;

/** What the tracker needs of the runtime. */
export interface RunHost {
  readonly agentId: UUID;
  readonly storage: StorageAdapter;
  readonly logger: ElizaLogger;
  readonly redact: Redactor;
  now(): number;
  getSettingString(key: string): string | undefined;
}

export interface RunEnd {
  error?: unknown;
  didRespond?: boolean;
  reason?: string;
  usage?: TokenUsage;
}

export class RunTracker {
  private readonly active = new Map<string, RunRecord>();

  constructor(private readonly host: RunHost) {}

  /** Starts recording a run; its steps are added to the record as they end. */
  start(start: RunStart): RunRecord {
    const record = new RunRecord(start, this.host.logger, () => this.host.now());
    this.active.set(record.runId, record);
    return record;
  }

  /** The run in progress with this id. */
  get(runId: string | undefined): RunRecord | undefined {
    return runId === undefined ? undefined : this.active.get(runId);
  }

  /** Runs in progress on this runtime. */
  get size(): number {
    return this.active.size;
  }

  /**
   * The run a model call belongs to: the one it names, else the run whose code is executing
   * (where a scope is installed, its answer stands, "none" included), else the only run in
   * progress. Undefined when that cannot be told.
   */
  attribute(runId?: unknown): RunRecord | undefined {
    const named = typeof runId === "string" ? this.active.get(runId) : undefined;
    if (named) return named;
    if (hasRunScope()) return this.get(scopedRunId());
    if (this.active.size === 1) return this.active.values().next().value;
    return undefined;
  }

  /** Whether model calls keep their prompt and answer (LOG_PROMPTS). */
  keepsPrompts(): boolean {
    return logPrompts(this.host);
  }

  /**
   * Ends the run and writes its row (unless LOG_RETENTION_DAYS=0). Never throws: a run whose
   * log cannot be written still answered; the failure is one warning. A second end of the same
   * run (a timed-out turn that finishes later) writes nothing.
   */
  async end(
    record: RunRecord,
    status: RunStatus,
    end: RunEnd = {},
  ): Promise<RunLogBody | undefined> {
    const ended = this.close(record, status, end);
    if (!ended?.row) return ended?.body;
    try {
      await this.host.storage.log(ended.row);
    } catch (error) {
      record.log.warn(`run log not written: ${describeError(error)}`);
    }
    return ended.body;
  }

  /**
   * Ends the run as end() does, but hands its log row back unwritten (none when the run log
   * is off) to a caller that writes it with other writes: a tick writes its task runs' rows
   * with their releases, in one round trip. Undefined when the run had already ended.
   */
  close(
    record: RunRecord,
    status: RunStatus,
    end: RunEnd = {},
  ): { body: RunLogBody; row?: LogParams } | undefined {
    if (record.ended) return undefined;
    this.active.delete(record.runId);
    const body = record.finish(status, end);
    const line = `run ${status} in ${body.duration} ms`;
    const data = {
      kind: body.kind,
      durationMs: body.duration,
      ...(body.task ? { task: body.task.name } : {}),
      actions: body.counts.actions,
      modelCalls: body.counts.modelCalls,
      ...(body.usage ? { tokens: body.usage.totalTokens } : {}),
      ...(body.error ? { error: body.error } : {}),
    };
    if (status === "completed") record.log.info(line, data);
    else record.log.warn(line, data);
    if (!runLogEnabled(this.host)) return { body };
    try {
      const row: LogParams = {
        id: record.runId,
        entityId: this.host.agentId,
        ...(record.roomId ? { roomId: record.roomId } : {}),
        type: RUN_LOG_TYPE,
        body: bounded(redactValue(body, this.host.redact) as RunLogBody) as unknown as Record<
          string,
          unknown
        >,
      };
      return { body, row };
    } catch (error) {
      record.log.warn(`run log not written: ${describeError(error)}`);
      return { body };
    }
  }
}

/** The row within MAX_RUN_ROW_CHARS: prompts and answers go first, then the middle steps. */
export function bounded(body: RunLogBody): RunLogBody {
  // A turn's row is a few kilobytes: a walk that proves it fits spares printing it whole.
  if (jsonLengthAtMost(body, MAX_RUN_ROW_CHARS)) return body;
  if (JSON.stringify(body).length <= MAX_RUN_ROW_CHARS) return body;
  const events = body.events.map((event) => {
    if (event.type !== "MODEL_USED") return event;
    const { prompt: _p, response: _r, ...data } = event.data;
    return { ...event, data: { ...data, promptDropped: true } };
  });
  let trimmed: RunLogBody = { ...body, events };
  while (JSON.stringify(trimmed).length > MAX_RUN_ROW_CHARS && trimmed.events.length > 2) {
    const kept = trimmed.events.slice(0, Math.floor(trimmed.events.length / 2));
    trimmed = { ...trimmed, events: [...kept, trimmed.events[trimmed.events.length - 1]!] };
  }
  return trimmed;
}

/** Past this nesting (or on a cycle) the walk gives up and JSON.stringify decides. */
const WALK_DEPTH = 32;

/**
 * Whether JSON.stringify(value) is surely no longer than `limit`, from an upper bound on its
 * length: every character of a string or key counted as six (its longest escape, \uXXXX),
 * every number as 25. False means "not shown", and only for plain data: anything JSON prints
 * in its own way (toJSON, a bigint, a class instance) is left to JSON.stringify.
 */
export function jsonLengthAtMost(value: unknown, limit: number): boolean {
  return jsonBound(value, 0, limit) <= limit;
}

function jsonBound(value: unknown, depth: number, budget: number): number {
  switch (typeof value) {
    case "string":
      return 2 + 6 * value.length;
    case "number":
      return 25;
    case "boolean":
    case "undefined":
      return 5;
    case "object":
      break;
    default:
      return Number.POSITIVE_INFINITY;
  }
  if (value === null) return 4;
  if (depth >= WALK_DEPTH) return Number.POSITIVE_INFINITY;
  let total = 2;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && total <= budget; i++) {
      total += 1 + jsonBound(value[i], depth + 1, budget - total);
    }
    return total;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return Number.POSITIVE_INFINITY;
  for (const key in value) {
    if (total > budget) break;
    if (!Object.hasOwn(value, key)) continue;
    total +=
      3 +
      6 * key.length +
      jsonBound((value as Record<string, unknown>)[key], depth + 1, budget - total);
  }
  return total;
}

// Run rows read back: elizaOS's AgentRunSummary for lists, and the full detail for one run.
import type { Log } from "../../kernel/index.ts";
import type { RunActionSummary, RunDetail, RunEvent, RunLogBody, RunSummary } from "./types.ts";

/** True for a row the run log wrote (a plugin's own `run_event` rows lack `kind`). */
export function isRunRow(log: Log): boolean {
  const body = log.body as Partial<RunLogBody>;
  return (
    typeof body.runId === "string" && typeof body.kind === "string" && Array.isArray(body.events)
  );
}

export function runSummary(log: Log): RunSummary {
  const body = log.body as unknown as RunLogBody;
  const summary: RunSummary = {
    runId: body.runId,
    status: body.status,
    kind: body.kind,
    startedAt: body.startTime,
    endedAt: body.endTime,
    durationMs: body.duration,
    counts: body.counts,
    replies: body.replies ?? [],
    actions: actionsOf(body.events),
  };
  for (const key of [
    "messageId",
    "roomId",
    "entityId",
    "source",
    "error",
    "shouldRespond",
    "didRespond",
    "reason",
    "task",
    "usage",
  ] as const) {
    if (body[key] !== undefined) (summary as unknown as Record<string, unknown>)[key] = body[key];
  }
  return summary;
}

export function runDetail(log: Log): RunDetail {
  return { summary: runSummary(log), events: (log.body as unknown as RunLogBody).events };
}

/** Each completed action with its outcome and time, in the order they ran. */
function actionsOf(events: RunEvent[]): RunActionSummary[] {
  return events
    .filter((e) => e.type === "ACTION_COMPLETED")
    .map((e) => {
      const action: RunActionSummary = {
        name: String(e.data.actionName),
        success: e.data.success === true,
        durationMs: Number(e.data.durationMs) || 0,
      };
      const error = (e.data.result as { error?: unknown } | undefined)?.error;
      if (typeof error === "string") action.error = error;
      return action;
    });
}

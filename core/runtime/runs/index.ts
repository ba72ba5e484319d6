// The run log: what each message turn and task run did, one row each (README "Observing your
// agent").

export {
  actionEnded,
  actionStarted,
  executingAction,
  writeElizaRow,
  writesElizaRow,
} from "./eliza-rows.ts";
export {
  getRun,
  type ListRunsParams,
  listRuns,
  type RunPage,
  type RunSummaryQuery,
  runSummaries,
} from "./read.ts";
export { type ModelCallRecord, RunRecord, type RunStart } from "./record.ts";
export { type RunScope, runInScope, scopedRunId, setRunScope } from "./scope.ts";
export {
  DEFAULT_LOG_RETENTION_DAYS,
  logPrompts,
  logRetentionMs,
  runLogEnabled,
} from "./settings.ts";
export { isRunRow, runDetail, runSummary } from "./summary.ts";
export { sweepRunLogs } from "./sweep.ts";
export { type RunEnd, RunTracker } from "./tracker.ts";
export * from "./types.ts";

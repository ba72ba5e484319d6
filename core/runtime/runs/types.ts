// What a run leaves behind: one log row per message turn or task run, typed `run_event` as
// plugin-bootstrap's run rows are, with elizaOS's run-detail names (AgentRunSummary, events of
// RUN_STARTED / MODEL_USED / ACTION_STARTED / ACTION_COMPLETED / EVALUATOR_COMPLETED /
// RUN_ENDED), so an elizaOS client reading runs finds its shapes.
import type { TokenUsage, UUID } from "../../kernel/index.ts";

/** The log type of run rows (plugin-bootstrap's name for its RUN_STARTED/RUN_ENDED rows). */
export const RUN_LOG_TYPE = "run_event";

/** How a run ended (elizaOS's RunStatus without "started": a row is written at the end). */
export type RunStatus = "completed" | "error" | "timeout";

/** A message turn (handleMessage) or one execution of a task's worker. */
export type RunKind = "message" | "task";

/** elizaOS's AgentRunCounts. */
export interface RunCounts {
  actions: number;
  modelCalls: number;
  errors: number;
  evaluators: number;
}

/** One step of a run, as elizaOS's run detail lists them. */
export interface RunEvent {
  type: RunEventType;
  /** ms since epoch. */
  timestamp: number;
  data: Record<string, unknown>;
}

export type RunEventType =
  | "RUN_STARTED"
  | "SHOULD_RESPOND"
  | "MODEL_USED"
  | "ACTION_STARTED"
  | "ACTION_COMPLETED"
  | "EVALUATOR_COMPLETED"
  | "MESSAGE_SENT"
  | "RUN_ENDED";

/** The should-respond decision of a message turn. */
export interface RespondRecord {
  respond: boolean;
  reason: string;
}

/** A run's log row body (elizaOS's BaseLogBody fields first). */
export interface RunLogBody {
  runId: UUID;
  status: RunStatus;
  kind: RunKind;
  messageId?: UUID;
  roomId?: UUID;
  /** Who sent the message (a task run: the task's entity, if any). */
  entityId?: UUID;
  source?: string;
  startTime: number;
  endTime: number;
  duration: number;
  error?: string;
  shouldRespond?: RespondRecord;
  didRespond?: boolean;
  reason?: string;
  task?: { id: UUID; name: string };
  /** Tokens of every model call attributed to the run. */
  usage?: TokenUsage;
  counts: RunCounts;
  /** Ids of the replies the run stored. */
  replies: UUID[];
  events: RunEvent[];
}

/** One action in a run summary: what the Activity panel lists under a reply. */
export interface RunActionSummary {
  name: string;
  success: boolean;
  durationMs: number;
  error?: string;
}

/** elizaOS's AgentRunSummary, with what eliza-edge records beside it. */
export interface RunSummary {
  runId: UUID;
  status: RunStatus;
  kind: RunKind;
  startedAt: number;
  endedAt: number;
  durationMs: number;
  messageId?: UUID;
  roomId?: UUID;
  entityId?: UUID;
  source?: string;
  error?: string;
  shouldRespond?: RespondRecord;
  didRespond?: boolean;
  reason?: string;
  task?: { id: UUID; name: string };
  usage?: TokenUsage;
  counts: RunCounts;
  replies: UUID[];
  actions: RunActionSummary[];
}

/** elizaOS's run detail: the summary and every recorded step. */
export interface RunDetail {
  summary: RunSummary;
  events: RunEvent[];
}

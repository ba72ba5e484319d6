// One turn's run as the pipeline, its timeout and its observers share it.
import type { Memory, TokenUsage, UUID } from "../../kernel/index.ts";
import type { RunRecord } from "../../runtime/index.ts";

/** What the pipeline and its timeout share about one run. */
export interface RunControl {
  runId: UUID;
  startedAt: number;
  /** Set when the run timed out: nothing may be sent afterwards. */
  over: boolean;
  /** Replies sent so far (the timeout's result reports them). */
  responses: Memory[];
  /** The stale check's answer, once asked (one storage read per run at most). */
  stale?: Promise<boolean>;
  /** A reply was discarded because a newer message arrived (elizaOS's "replaced"). */
  replaced?: boolean;
  /**
   * A reply that could not be stored (the storage failed under it). Actions and evaluators
   * contain their errors, so the turn checks this after them and fails: a 503, not a 200
   * that answers nothing.
   */
  unstoredReply?: unknown;
  /** Tokens the turn's own model calls used so far, as their providers reported them. */
  usage?: TokenUsage;
  /** The run's record: its steps so far, its logger, its log row at the end. */
  record: RunRecord;
}

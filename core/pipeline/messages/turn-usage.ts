// A turn's own model calls (should-respond, planner) carry the run id, for MODEL_USED, and
// add the tokens they used to the run, which the turn's result and RUN_ENDED report.

import { addUsage, type TokenUsage, type UUID } from "../../kernel/index.ts";

/** What the message loop adds to the params of each model call it makes itself. */
export interface TurnModelCalls {
  runId: UUID;
  onUsage: (usage: TokenUsage) => void;
}

/** Model call params that add their usage to `run.usage`. */
export function trackTurnUsage(run: { runId: UUID; usage?: TokenUsage }): TurnModelCalls {
  return {
    runId: run.runId,
    onUsage: (usage) => {
      run.usage = addUsage(run.usage, usage);
    },
  };
}

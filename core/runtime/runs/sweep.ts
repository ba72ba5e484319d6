// The run log's retention: each tick deletes a bounded batch of the agent's log rows older than
// LOG_RETENTION_DAYS (all of them at 0), so the table holds about a week of runs by default.
import type { StorageAdapter, UUID } from "../../kernel/index.ts";
import { logRetentionMs } from "./settings.ts";

interface Sweeper {
  readonly agentId: UUID;
  readonly storage: StorageAdapter;
  getSettingString(key: string): string | undefined;
}

/** How many log rows this sweep deleted. */
export function sweepRunLogs(runtime: Sweeper, now: number, limit: number): Promise<number> {
  return runtime.storage.deleteLogs({
    entityId: runtime.agentId,
    before: now - logRetentionMs(runtime),
    limit,
  });
}

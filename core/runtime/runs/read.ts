// Reading the run log: the agent's runs newest first (by when they ended), one run by its id,
// and elizaOS's getAgentRunSummaries over the same rows.
import type { StorageAdapter, UUID } from "../../kernel/index.ts";
import { isRunRow, runDetail, runSummary } from "./summary.ts";
import { RUN_LOG_TYPE, type RunDetail, type RunStatus, type RunSummary } from "./types.ts";

interface Reader {
  readonly agentId: UUID;
  readonly storage: StorageAdapter;
}

export interface ListRunsParams {
  roomId?: UUID;
  /** At most this many (default 20). */
  limit?: number;
  /** Runs that ended strictly before this time (ms): the previous page's `nextBefore`. */
  before?: number;
}

export interface RunPage {
  runs: RunSummary[];
  hasMore: boolean;
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: number | null;
}

export async function listRuns(reader: Reader, params: ListRunsParams = {}): Promise<RunPage> {
  const limit = params.limit ?? 20;
  const logs = await reader.storage.getLogs({
    entityId: reader.agentId,
    type: RUN_LOG_TYPE,
    ...(params.roomId ? { roomId: params.roomId } : {}),
    ...(params.before !== undefined ? { before: params.before } : {}),
    count: limit + 1,
  });
  const page = logs.slice(0, limit);
  const hasMore = logs.length > limit;
  return {
    runs: page.filter(isRunRow).map(runSummary),
    hasMore,
    nextBefore: hasMore ? (page[page.length - 1]?.createdAt ?? null) : null,
  };
}

/** One run by its id (the run id is its row's id); null when unknown or another agent's. */
export async function getRun(reader: Reader, runId: UUID): Promise<RunDetail | null> {
  const log = await reader.storage.getLog(runId);
  if (!log || log.type !== RUN_LOG_TYPE || log.entityId !== reader.agentId || !isRunRow(log)) {
    return null;
  }
  return runDetail(log);
}

/** elizaOS's getAgentRunSummaries parameters (IDatabaseAdapter). */
export interface RunSummaryQuery {
  limit?: number;
  roomId?: UUID;
  status?: RunStatus | "started" | "all";
  from?: number;
  to?: number;
  entityId?: UUID;
}

const MAX_PAGES = 10;

/**
 * elizaOS's run summaries: newest first, filtered by status, time and sender. Reads pages of
 * the run log until `limit` match or ten pages were read; `total` counts what was read.
 */
export async function runSummaries(
  reader: Reader,
  query: RunSummaryQuery = {},
): Promise<{ runs: RunSummary[]; total: number; hasMore: boolean }> {
  const limit = Math.min(Math.max(1, query.limit ?? 20), 100);
  const matches: RunSummary[] = [];
  let before = query.to === undefined ? undefined : query.to + 1;
  let more = true;
  for (let page = 0; page < MAX_PAGES && more && matches.length <= limit; page++) {
    const result = await listRuns(reader, { roomId: query.roomId, limit: 100, before });
    for (const run of result.runs) {
      if (query.from !== undefined && run.startedAt < query.from) {
        more = false;
        break;
      }
      if (query.status && query.status !== "all" && run.status !== query.status) continue;
      if (query.entityId && run.entityId !== query.entityId) continue;
      matches.push(run);
    }
    more &&= result.hasMore;
    before = result.nextBefore ?? undefined;
  }
  return { runs: matches.slice(0, limit), total: matches.length, hasMore: matches.length > limit };
}

// Logs: an entity's, newest first, filtered by room, type and time. A named log is written once.
import type {
  DeleteLogsParams,
  GetLogsParams,
  Log,
  LogParams,
  UUID,
} from "../../core/kernel/index.ts";
import { detached, stored } from "./base.ts";
import { MemoryCache } from "./cache.ts";
import { newestPage } from "./newest-page.ts";

export abstract class MemoryLogs extends MemoryCache {
  async log(params: LogParams): Promise<void> {
    const id = params.id ?? this.newId();
    if (this.db.logs.has(id)) return;
    this.db.logs.set(id, {
      id,
      entityId: params.entityId,
      ...(params.roomId !== undefined ? { roomId: params.roomId } : {}),
      type: params.type,
      body: stored(params.body),
      createdAt: this.now(),
    });
  }

  async getLogs(params: GetLogsParams): Promise<Log[]> {
    const matches = [...this.db.logs.values()].filter(
      (l) =>
        l.entityId === params.entityId &&
        (params.roomId === undefined || l.roomId === params.roomId) &&
        (params.type === undefined || l.type === params.type) &&
        (params.before === undefined || l.createdAt < params.before),
    );
    return newestPage(matches, params.offset, params.count).map(detached);
  }

  async getLog(id: UUID): Promise<Log | null> {
    const log = this.db.logs.get(id);
    return log ? detached(log) : null;
  }

  async deleteLog(logId: UUID): Promise<void> {
    this.db.logs.delete(logId);
  }

  async deleteLogs(params: DeleteLogsParams): Promise<number> {
    const old = [...this.db.logs.values()]
      .filter((l) => l.entityId === params.entityId && l.createdAt < params.before)
      .sort((a, b) => a.createdAt - b.createdAt)
      .slice(0, Math.max(0, params.limit));
    for (const log of old) this.db.logs.delete(log.id);
    return old.length;
  }
}

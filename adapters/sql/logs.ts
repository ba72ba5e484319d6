// Logs: what happened in a room or to an entity (a run's log among them), newest first; the
// retention sweep deletes an entity's oldest, bounded per call.
import { and, asc, desc, eq, lt } from "drizzle-orm";
import {
  type DeleteLogsParams,
  type GetLogsParams,
  type Log,
  type LogParams,
  randomUuid,
  type UUID,
} from "../../core/kernel/index.ts";
import { SqlCache } from "./cache.ts";
import type { Statement } from "./driver.ts";
import { toLog } from "./rows.ts";

export abstract class SqlLogs extends SqlCache {
  /** A named log (`id`) is written once: a second write with its id is ignored. */
  async log(params: LogParams): Promise<void> {
    await this.atomic(this.logWrites([params]));
  }

  /** Insert-if-absent statements for log rows, split under the parameter cap. */
  protected logWrites(params: readonly LogParams[]): Statement[] {
    const createdAt = this.now();
    const rows = params.map(({ id = randomUuid(), entityId, roomId = null, type, body }) => ({
      id,
      entityId,
      roomId,
      type,
      body,
      createdAt,
    }));
    return this.chunked(rows, 6, (db, part) =>
      db.insert(this.logs).values(part).onConflictDoNothing(),
    );
  }

  async getLogs(params: GetLogsParams): Promise<Log[]> {
    const { logs } = this;
    // With a room, the room's index leads and the entity is tested on its rows.
    const { residual } = this.dialect;
    const where = and(
      params.roomId !== undefined && residual
        ? eq(residual(logs.entityId), params.entityId)
        : eq(logs.entityId, params.entityId),
      params.roomId === undefined ? undefined : eq(logs.roomId, params.roomId),
      params.type === undefined ? undefined : eq(logs.type, params.type),
      params.before === undefined ? undefined : lt(logs.createdAt, params.before),
    );
    const newestFirst = [desc(logs.createdAt), desc(this.dialect.insertionOrder("logs"))];
    return (await this.rows(logs, where, newestFirst, params.count, params.offset)).map(toLog);
  }

  async getLog(id: UUID): Promise<Log | null> {
    const row = await this.row(this.logs, eq(this.logs.id, id));
    return row ? toLog(row) : null;
  }

  async deleteLog(logId: UUID): Promise<void> {
    await this.remove(this.logs, eq(this.logs.id, logId));
  }

  /** One statement on the (entity_id, created_at) index: the oldest first, `limit` at most. */
  async deleteLogs(params: DeleteLogsParams): Promise<number> {
    const { logs } = this;
    const limit = Math.max(0, Math.floor(params.limit));
    if (limit === 0) return 0;
    const old = and(eq(logs.entityId, params.entityId), lt(logs.createdAt, params.before));
    const oldest = this.db.select({ id: logs.id }).from(logs).where(old);
    const ids = oldest.orderBy(asc(logs.createdAt)).limit(limit);
    const deleted = await this.run(() =>
      this.db.delete(logs).where(this.dialect.inSelect(logs.id, ids)).returning({ id: logs.id }),
    );
    return deleted.length;
  }
}

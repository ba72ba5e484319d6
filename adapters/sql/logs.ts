// Logs: what happened in a room or to an entity, newest first.
import { and, desc, eq } from "drizzle-orm";
import type { Log, Metadata, UUID } from "../../core/types.ts";
import { randomUuid } from "../../core/uuid.ts";
import { SqlCache } from "./cache.ts";
import { toLog } from "./rows.ts";

// SQLite takes OFFSET only after a LIMIT, and drizzle drops a negative one.
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

export abstract class SqlLogs extends SqlCache {
  async log(params: {
    body: Metadata;
    entityId: UUID;
    roomId?: UUID;
    type: string;
  }): Promise<void> {
    const { logs } = this.tables;
    await this.run(() =>
      this.db.insert(logs).values({
        id: randomUuid(),
        entityId: params.entityId,
        roomId: params.roomId ?? null,
        type: params.type,
        body: params.body,
        createdAt: this.now(),
      }),
    );
  }

  async getLogs(params: {
    entityId: UUID;
    roomId?: UUID;
    type?: string;
    count?: number;
    offset?: number;
  }): Promise<Log[]> {
    const { logs } = this.tables;
    const rows = await this.run(() =>
      this.db
        .select()
        .from(logs)
        .where(
          and(
            eq(logs.entityId, params.entityId),
            params.roomId === undefined ? undefined : eq(logs.roomId, params.roomId),
            params.type === undefined ? undefined : eq(logs.type, params.type),
          ),
        )
        .orderBy(desc(logs.createdAt), desc(this.dialect.insertionOrder("logs")))
        .limit(params.count ?? NO_LIMIT)
        .offset(params.offset ?? 0),
    );
    return rows.map(toLog);
  }

  async deleteLog(logId: UUID): Promise<void> {
    const { logs } = this.tables;
    await this.run(() => this.db.delete(logs).where(eq(logs.id, logId)));
  }
}

// Logs: what happened in a room or to an entity, newest first.
import { and, desc, eq } from "drizzle-orm";
import type { Log, Metadata, UUID } from "../../core/types.ts";
import { randomUuid } from "../../core/uuid.ts";
import { SqlCache } from "./cache.ts";
import { toLog } from "./rows.ts";

export abstract class SqlLogs extends SqlCache {
  async log(params: {
    body: Metadata;
    entityId: UUID;
    roomId?: UUID;
    type: string;
  }): Promise<void> {
    const { entityId, roomId = null, type, body } = params;
    const row = { id: randomUuid(), entityId, roomId, type, body, createdAt: this.now() };
    await this.run(() => this.db.insert(this.logs).values(row));
  }

  async getLogs(params: {
    entityId: UUID;
    roomId?: UUID;
    type?: string;
    count?: number;
    offset?: number;
  }): Promise<Log[]> {
    const { logs } = this;
    const where = and(
      eq(logs.entityId, params.entityId),
      params.roomId === undefined ? undefined : eq(logs.roomId, params.roomId),
      params.type === undefined ? undefined : eq(logs.type, params.type),
    );
    const newestFirst = [desc(logs.createdAt), desc(this.dialect.insertionOrder("logs"))];
    return (await this.rows(logs, where, newestFirst, params.count, params.offset)).map(toLog);
  }

  async deleteLog(logId: UUID): Promise<void> {
    await this.remove(this.logs, eq(this.logs.id, logId));
  }
}

// Logs: an entity's, newest first, filtered by room and type.
import type { Log, Metadata, UUID } from "../../core/types.ts";
import { copy } from "./base.ts";
import { MemoryCache } from "./cache.ts";
import { newestPage } from "./newest-page.ts";

export abstract class MemoryLogs extends MemoryCache {
  async log(params: {
    body: Metadata;
    entityId: UUID;
    roomId?: UUID;
    type: string;
  }): Promise<void> {
    const id = this.newId();
    this.db.logs.set(id, {
      id,
      entityId: params.entityId,
      ...(params.roomId !== undefined ? { roomId: params.roomId } : {}),
      type: params.type,
      body: copy(params.body),
      createdAt: this.now(),
    });
  }

  async getLogs(params: {
    entityId: UUID;
    roomId?: UUID;
    type?: string;
    count?: number;
    offset?: number;
  }): Promise<Log[]> {
    const matches = [...this.db.logs.values()].filter(
      (l) =>
        l.entityId === params.entityId &&
        (params.roomId === undefined || l.roomId === params.roomId) &&
        (params.type === undefined || l.type === params.type),
    );
    return newestPage(matches, params.offset, params.count).map(copy);
  }

  async deleteLog(logId: UUID): Promise<void> {
    this.db.logs.delete(logId);
  }
}

// Logs: an entity's, newest first through gsi1; room and type are filters.
import type { Log, Metadata, UUID } from "../../core/types.ts";
import { pageOf } from "./base.ts";
import { DynamoCache } from "./cache.ts";
import { Expression } from "./expression.ts";
import { logItem, toLog } from "./items/logs.ts";
import { gsiPk, keys, partitions } from "./keys.ts";
import { checked } from "./limits.ts";

export abstract class DynamoLogs extends DynamoCache {
  async log(params: {
    body: Metadata;
    entityId: UUID;
    roomId?: UUID;
    type: string;
  }): Promise<void> {
    const item = logItem({
      id: this.newId(),
      entityId: params.entityId,
      ...(params.roomId !== undefined ? { roomId: params.roomId } : {}),
      type: params.type,
      body: params.body,
      createdAt: this.now(),
    });
    await this.put(checked(item, "log"));
  }

  async getLogs(params: {
    entityId: UUID;
    roomId?: UUID;
    type?: string;
    count?: number;
    offset?: number;
  }): Promise<Log[]> {
    const expr = new Expression();
    const filters: string[] = [];
    if (params.roomId !== undefined) {
      filters.push(`${expr.name("roomId")} = ${expr.value(params.roomId)}`);
    }
    if (params.type !== undefined) {
      filters.push(`${expr.name("type")} = ${expr.value(params.type)}`);
    }
    const { offset, want } = pageOf(params);
    const keyCondition = `${expr.name(gsiPk("gsi1"))} = ${expr.value(partitions.logsOfEntity(params.entityId))}`;
    const filter = filters.length ? filters.join(" AND ") : undefined;
    const rows = await this.queryNewest("gsi1", keyCondition, filter, expr, want);
    return rows.map(toLog).slice(offset);
  }

  async deleteLog(logId: UUID): Promise<void> {
    await this.delete(keys.log(logId));
  }
}

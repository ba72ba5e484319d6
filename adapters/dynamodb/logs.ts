// Logs: an entity's, newest first through gsi1 (sort key sortable(createdAt)#id, so a time
// bound is a key condition); room and type are filters. A named log is written once.
import type {
  DeleteLogsParams,
  GetLogsParams,
  Log,
  LogParams,
  UUID,
} from "../../core/kernel/index.ts";
import type { Item } from "./attributes.ts";
import { pageOf } from "./base.ts";
import { DynamoCache } from "./cache.ts";
import { Expression } from "./expression.ts";
import { logItem, toLog } from "./items/logs.ts";
import { gsiPk, gsiSk, keys, partitions, sortable } from "./keys.ts";
import { checked } from "./limits.ts";
import { keyOf } from "./table.ts";

export abstract class DynamoLogs extends DynamoCache {
  async log(params: LogParams): Promise<void> {
    const item = this.logRow(params);
    // A named log is written once: a second write with its id leaves the first in place.
    if (params.id !== undefined) await this.putIfAbsent(item);
    else await this.put(item);
  }

  /** A log row's item, refused with TOO_LARGE over DynamoDB's item limit. */
  protected logRow(params: LogParams): Item {
    const { id = this.newId(), entityId, roomId, type, body } = params;
    const fields = { id, entityId, type, body, createdAt: this.now() };
    return checked(logItem(roomId === undefined ? fields : { ...fields, roomId }), "log");
  }

  async getLogs(params: GetLogsParams): Promise<Log[]> {
    const expr = new Expression();
    const filters: string[] = [];
    if (params.roomId !== undefined) {
      filters.push(`${expr.name("roomId")} = ${expr.value(params.roomId)}`);
    }
    if (params.type !== undefined) {
      filters.push(`${expr.name("type")} = ${expr.value(params.type)}`);
    }
    const { offset, want } = pageOf(params);
    const keyCondition = this.entityLogs(expr, params.entityId, params.before);
    const filter = filters.length ? filters.join(" AND ") : undefined;
    const rows = await this.queryNewest("gsi1", keyCondition, filter, expr, want);
    return rows.map(toLog).slice(offset);
  }

  async getLog(id: UUID): Promise<Log | null> {
    const row = await this.table.get(keys.log(id));
    return row ? toLog(row) : null;
  }

  async deleteLog(logId: UUID): Promise<void> {
    await this.delete(keys.log(logId));
  }

  /** The entity's oldest logs before `before`, keys only: one Query, then batch deletes. */
  async deleteLogs(params: DeleteLogsParams): Promise<number> {
    const limit = Math.max(0, Math.floor(params.limit));
    if (limit === 0) return 0;
    const expr = new Expression();
    const rows = await this.table.query(
      {
        IndexName: "gsi1",
        KeyConditionExpression: this.entityLogs(expr, params.entityId, params.before),
        ScanIndexForward: true,
        Limit: limit,
        ProjectionExpression: "pk, sk",
        ...expr.params(),
      },
      limit,
    );
    await this.table.batchDelete(rows.map(keyOf));
    return rows.length;
  }

  /** The key condition of an entity's logs, those before `before` when given. */
  private entityLogs(expr: Expression, entityId: UUID, before?: number): string {
    const partition = `${expr.name(gsiPk("gsi1"))} = ${expr.value(partitions.logsOfEntity(entityId))}`;
    if (before === undefined) return partition;
    // Every sort key below sortable(before) is older.
    return `${partition} AND ${expr.name(gsiSk("gsi1"))} < ${expr.value(sortable(before))}`;
  }
}

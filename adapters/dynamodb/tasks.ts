// Tasks and their leases. The schedule index (gsi4) sorts due tasks first by dueAt; a lease
// is one conditional UpdateItem, so two ticks never run the same task at once.
import { DeleteItemCommand } from "@aws-sdk/client-dynamodb";
import {
  assertDistinctReleases,
  type ClaimDueTasksParams,
  type ClaimTaskParams,
  type LogParams,
  type ReleaseTasksParams,
  type ReleaseTasksResult,
  type Task,
  type TaskRelease,
  type UUID,
  wellFormed,
} from "../../core/kernel/index.ts";
import { type Item, num, str } from "./attributes.ts";
import { ignoreConditionFailed, oldItem } from "./errors.ts";
import { Expression, updateExpression } from "./expression.ts";
import type { Fields } from "./items/item.ts";
import { taskItem, taskPatch, toTask } from "./items/tasks.ts";
import { dueUntil, gsiPk, gsiSk, keys, partitions } from "./keys.ts";
import { DynamoLogs } from "./logs.ts";

export abstract class DynamoTasks extends DynamoLogs {
  async createTask(task: Task): Promise<UUID> {
    const id = task.id ?? this.newId();
    await this.insert(taskItem({ ...task, id }, this.now()), `task ${id}`);
    return id;
  }

  async getTasks(params: { roomId?: UUID; tags?: string[]; entityId?: UUID }): Promise<Task[]> {
    const expr = new Expression();
    const filters: string[] = [];
    if (params.entityId !== undefined) {
      filters.push(`${expr.name("entityId")} = ${expr.value(params.entityId)}`);
    }
    // `contains` on a list is element equality: exact tags, never substrings or patterns.
    for (const tag of new Set(params.tags ?? [])) {
      filters.push(`contains(${expr.name("tags")}, ${expr.value(tag)})`);
    }
    const [index, partition] =
      params.roomId !== undefined
        ? (["gsi1", partitions.tasksOfRoom(params.roomId)] as const)
        : (["gsi4", partitions.tasks()] as const);
    const rows = await this.table.query({
      IndexName: index,
      KeyConditionExpression: `${expr.name(gsiPk(index))} = ${expr.value(partition)}`,
      ...(filters.length ? { FilterExpression: filters.join(" AND ") } : {}),
      ...expr.params(),
    });
    return rows.map(toTask);
  }

  async getTask(id: UUID): Promise<Task | null> {
    const row = await this.table.get(keys.task(id));
    return row ? toTask(row) : null;
  }

  async getTasksByName(name: string): Promise<Task[]> {
    const wanted = wellFormed(name);
    const rows = await this.queryIndex("gsi2", partitions.tasksNamed(wanted));
    return rows.map(toTask).filter((t) => t.name === wanted);
  }

  async updateTask(id: UUID, task: Partial<Task>): Promise<void> {
    const { id: _id, ...patch } = task;
    await this.updateIfExists(keys.task(id), taskPatch(id, patch, this.now()));
  }

  async deleteTask(id: UUID): Promise<void> {
    await this.delete(keys.task(id));
  }

  async claimDueTasks(params: ClaimDueTasksParams): Promise<Task[]> {
    const { now, limit, owner, leaseMs, agentId } = params;
    if (limit <= 0) return [];
    const expr = new Expression();
    const leaseFree = `(attribute_not_exists(${expr.name("leaseExpiresAt")}) OR ${expr.name("leaseExpiresAt")} <= ${expr.value(now)})`;
    const filter =
      agentId === undefined
        ? leaseFree
        : `${leaseFree} AND ${expr.name("agentId")} = ${expr.value(agentId)}`;
    // Due tasks sort first in the schedule index, oldest dueAt first. Read twice the limit so
    // claims lost to a concurrent tick can be made up from the spares in the same call.
    const candidates = await this.table.query(
      {
        IndexName: "gsi4",
        KeyConditionExpression: `${expr.name(gsiPk("gsi4"))} = ${expr.value(partitions.tasks())} AND ${expr.name(gsiSk("gsi4"))} BETWEEN ${expr.value("D")} AND ${expr.value(dueUntil(now))}`,
        FilterExpression: filter,
        Limit: Math.max(2 * limit, 25),
        ...expr.params(),
      },
      2 * limit,
    );
    const claimed: Task[] = [];
    let next = 0;
    while (claimed.length < limit && next < candidates.length) {
      const wave = candidates.slice(next, next + limit - claimed.length);
      next += wave.length;
      const results = await Promise.all(
        wave.map((row) => this.lease(str(row, "id") as UUID, owner, now, now + leaseMs)),
      );
      for (const task of results) if (task) claimed.push(task);
    }
    return claimed.sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0));
  }

  async claimTask(id: UUID, { now, owner, leaseMs }: ClaimTaskParams): Promise<Task | null> {
    return this.lease(id, owner, now, now + leaseMs, false);
  }

  async getTasksByIds(ids: UUID[]): Promise<Task[]> {
    return (await this.table.batchGet(ids.map((id) => keys.task(id)))).map(toTask);
  }

  async releaseTaskLease(id: UUID, owner: string, patch?: Partial<Task>): Promise<boolean> {
    return this.release({ id, owner, patch });
  }

  async finishTask(id: UUID, owner: string): Promise<boolean> {
    return this.release({ id, owner, finish: true });
  }

  /**
   * One conditional write per entry, all sent at once (not TransactWriteItems, which would let
   * one lost lease cancel every other entry), beside BatchWriteItems of 25 log rows each.
   */
  async releaseTasks({ tasks, logs = [] }: ReleaseTasksParams): Promise<ReleaseTasksResult> {
    assertDistinctReleases(tasks);
    const [ended, written] = await Promise.all([
      Promise.allSettled(tasks.map((release) => this.release(release))),
      this.writeLogRows(logs),
    ]);
    const held: boolean[] = [];
    for (const outcome of ended) {
      if (outcome.status === "rejected") throw outcome.reason;
      held.push(outcome.value);
    }
    return written === undefined ? { held } : { held, logError: written };
  }

  /** New log rows, unconditionally (fresh ids), 25 a request; the first failure, if any. */
  private async writeLogRows(logs: readonly LogParams[]): Promise<unknown> {
    let failure: unknown;
    const items: Item[] = [];
    for (const row of logs) {
      try {
        items.push(this.logRow(row));
      } catch (error) {
        failure ??= error;
      }
    }
    try {
      await this.table.batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
    } catch (error) {
      failure ??= error;
    }
    return failure;
  }

  /**
   * The owner's release (patch applied) or finish (item deleted), on an unpaused task it holds.
   * A pause that landed during the run wins: the failed condition returns the item, and if the
   * lease is still ours a second write lets it go, recording nothing.
   */
  private async release(release: TaskRelease): Promise<boolean> {
    const { id, owner } = release;
    const expr = new Expression();
    const condition = `${expr.name("leaseOwner")} = ${expr.value(owner)} AND attribute_not_exists(${expr.name("paused")})`;
    let old: Item | undefined;
    if (release.finish) {
      try {
        await this.table.send(
          new DeleteItemCommand({
            TableName: this.tableName,
            Key: this.table.key(keys.task(id)),
            ConditionExpression: condition,
            ReturnValuesOnConditionCheckFailure: "ALL_OLD",
            ...expr.params(),
          }),
        );
        return true;
      } catch (error) {
        ignoreConditionFailed(error);
        old = oldItem(error);
      }
    } else {
      const { id: _id, leaseOwner: _o, leaseExpiresAt: _e, ...rest } = release.patch ?? {};
      const fields = taskPatch(id, { ...rest, leaseOwner: null, leaseExpiresAt: null }, this.now());
      const update = updateExpression(expr, fields);
      const out = await this.updateIf(keys.task(id), update, condition, expr, {
        ReturnValuesOnConditionCheckFailure: "ALL_OLD",
      });
      if (out.ok) return true;
      old = out.old;
    }
    if (old && str(old, "leaseOwner") === owner) {
      await this.releaseIf(id, owner, { leaseOwner: null, leaseExpiresAt: null });
    }
    return false;
  }

  /** A conditional lease of one task: free (and due, unless `due` is false) at `now`. */
  private async lease(id: UUID, owner: string, now: number, expiresAt: number, due = true) {
    const expr = new Expression();
    const update = updateExpression(expr, { leaseOwner: owner, leaseExpiresAt: expiresAt });
    const isDue = due ? ` AND ${expr.name("dueAt")} <= ${expr.value(now)}` : "";
    const condition = `attribute_exists(pk)${isDue} AND (attribute_not_exists(${expr.name("leaseExpiresAt")}) OR ${expr.name("leaseExpiresAt")} <= ${expr.value(now)})`;
    const out = await this.updateIf(keys.task(id), update, condition, expr, {
      ReturnValues: "ALL_NEW",
      ReturnValuesOnConditionCheckFailure: "ALL_OLD",
    });
    if (out.ok) return out.item ? toTask(out.item) : null;
    // Our own lease, when the SDK retried a request that had landed.
    const old = out.old;
    const mine =
      old && str(old, "leaseOwner") === owner && num(old, "leaseExpiresAt") === expiresAt;
    return mine ? toTask(old) : null;
  }

  /** One conditional update under the owner's lease; false when the condition failed. */
  private async releaseIf(id: UUID, owner: string, fields: Fields): Promise<boolean> {
    const expr = new Expression();
    const update = updateExpression(expr, fields);
    const condition = `${expr.name("leaseOwner")} = ${expr.value(owner)}`;
    return (await this.updateIf(keys.task(id), update, condition, expr)).ok;
  }
}

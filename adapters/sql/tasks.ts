// Tasks and their leases: a tick claims due tasks in one conditional UPDATE, so two ticks
// never run one task, and releases the lease with the run's result only while it holds it.
import { and, asc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import type { ClaimDueTasksParams, ClaimTaskParams } from "../../core/storage.ts";
import type { Task, UUID } from "../../core/types.ts";
import { randomUuid } from "../../core/uuid.ts";
import type { Statement } from "./driver.ts";
import { SqlLogs } from "./logs.ts";
import { definedFields, toTask } from "./rows.ts";

export abstract class SqlTasks extends SqlLogs {
  protected insertTask(task: Task & { id: UUID }): Statement {
    const now = this.now();
    const row = {
      ...this.taskPatch(task),
      id: task.id,
      name: task.name,
      tags: task.tags ?? [],
      createdAt: task.createdAt ?? now,
      updatedAt: task.updatedAt ?? now,
    };
    return (db) => db.insert(this.tasks).values(row);
  }

  protected updateTaskStatement(id: UUID, task: Partial<Task>): Statement {
    const set = this.taskPatch(task);
    return (db) => db.update(this.tasks).set(set).where(eq(this.tasks.id, id));
  }

  async createTask(task: Task): Promise<UUID> {
    const id = task.id ?? randomUuid();
    await this.atomic([this.insertTask({ ...task, id })]);
    return id;
  }

  /** Every listed tag must be present, matched exactly (elizaOS's `tags @> ARRAY[...]`). */
  async getTasks(params: { roomId?: UUID; tags?: string[]; entityId?: UUID }): Promise<Task[]> {
    const { tasks } = this;
    const where = and(
      params.roomId === undefined ? undefined : eq(tasks.roomId, params.roomId),
      params.entityId === undefined ? undefined : eq(tasks.entityId, params.entityId),
      params.tags?.length ? this.dialect.hasAllTags(tasks.tags, params.tags) : undefined,
    );
    return (await this.rows(tasks, where, this.oldestFirst())).map(toTask);
  }

  async getTask(id: UUID): Promise<Task | null> {
    const row = await this.row(this.tasks, eq(this.tasks.id, id));
    return row ? toTask(row) : null;
  }

  async getTasksByName(name: string): Promise<Task[]> {
    const rows = await this.rows(this.tasks, eq(this.tasks.name, name), this.oldestFirst());
    return rows.map(toTask);
  }

  async updateTask(id: UUID, task: Partial<Task>): Promise<void> {
    await this.atomic([this.updateTaskStatement(id, task)]);
  }

  async deleteTask(id: UUID): Promise<void> {
    await this.remove(this.tasks, eq(this.tasks.id, id));
  }

  async claimDueTasks(params: ClaimDueTasksParams): Promise<Task[]> {
    const { now, limit, owner, leaseMs, agentId } = params;
    if (limit <= 0) return [];
    const { tasks } = this;
    const claimable = and(lte(tasks.dueAt, now), this.leaseFree(now));
    const due = this.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(claimable, agentId === undefined ? undefined : eq(tasks.agentId, agentId)))
      .orderBy(asc(tasks.dueAt), asc(this.dialect.insertionOrder("tasks")))
      .limit(limit);
    // Pick and lease in one UPDATE. SQLite runs it as one step; Postgres locks the picked rows
    // (skipping rows another tick holds) and re-checks the outer condition on each, so two
    // ticks never lease the same task.
    const lease = this.db.update(tasks).set({ leaseOwner: owner, leaseExpiresAt: now + leaseMs });
    const picked = and(inArray(tasks.id, this.dialect.lockForClaim(due)), claimable);
    const claimed = await this.run(() => lease.where(picked).returning());
    return claimed
      .map(toTask)
      .sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0) || String(a.id).localeCompare(String(b.id)));
  }

  async claimTask(id: UUID, { now, owner, leaseMs }: ClaimTaskParams): Promise<Task | null> {
    const { tasks } = this;
    // One conditional UPDATE: the lease check and the lease are one atomic step.
    const lease = this.db.update(tasks).set({ leaseOwner: owner, leaseExpiresAt: now + leaseMs });
    const [claimed] = await this.run(() =>
      lease.where(and(eq(tasks.id, id), this.leaseFree(now))).returning(),
    );
    return claimed ? toTask(claimed) : null;
  }

  async releaseTaskLease(id: UUID, owner: string, patch: Partial<Task> = {}): Promise<boolean> {
    const { tasks } = this;
    const held = and(eq(tasks.id, id), eq(tasks.leaseOwner, owner));
    const free = { leaseOwner: null, leaseExpiresAt: null };
    const set = { ...this.taskPatch(patch), ...free };
    // A pause that landed during the run wins: the patch applies only to an unpaused task,
    // and the second statement (a no-op when the first matched) just lets a paused one go.
    const [released] = (await this.atomic([
      (db) =>
        db
          .update(tasks)
          .set(set)
          .where(and(held, this.dialect.notPaused(tasks.metadata)))
          .returning({ id: tasks.id }),
      (db) => db.update(tasks).set(free).where(held).returning({ id: tasks.id }),
    ])) as unknown[][];
    return released?.length === 1;
  }

  async finishTask(id: UUID, owner: string): Promise<boolean> {
    const { tasks } = this;
    const held = and(eq(tasks.id, id), eq(tasks.leaseOwner, owner));
    const free = { leaseOwner: null, leaseExpiresAt: null };
    // As in releaseTaskLease: the second statement only lets a paused task's lease go.
    const [deleted] = (await this.atomic([
      (db) =>
        db
          .delete(tasks)
          .where(and(held, this.dialect.notPaused(tasks.metadata)))
          .returning({ id: tasks.id }),
      (db) => db.update(tasks).set(free).where(held).returning({ id: tasks.id }),
    ])) as unknown[][];
    return deleted?.length === 1;
  }

  private oldestFirst() {
    return [asc(this.tasks.createdAt), asc(this.dialect.insertionOrder("tasks"))];
  }

  private leaseFree(now: number) {
    const { tasks } = this;
    return or(isNull(tasks.leaseExpiresAt), lte(tasks.leaseExpiresAt, now));
  }

  /** The columns a partial task names; `undefined` fields stay as they are, `null` clears. */
  private taskPatch(patch: Partial<Task>) {
    return {
      ...definedFields(patch, ["id", "updatedAt"]),
      updatedAt: patch.updatedAt ?? this.now(),
    };
  }
}

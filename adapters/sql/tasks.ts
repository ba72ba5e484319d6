// Tasks and their leases: a tick claims due tasks in one conditional UPDATE, so two ticks
// never run one task, and releases the lease with the run's result only while it holds it.
import { and, asc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import {
  assertDistinctReleases,
  type ClaimDueTasksParams,
  type ClaimTaskParams,
  type ReleaseTasksParams,
  type ReleaseTasksResult,
  randomUuid,
  type Task,
  type TaskRelease,
  type UUID,
} from "../../core/kernel/index.ts";
import type { Statement } from "./driver.ts";
import { chunk } from "./limits.ts";
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

  async getTasksByIds(ids: UUID[]): Promise<Task[]> {
    return (await this.rowsIn(this.tasks, this.tasks.id, ids)).map(toTask);
  }

  async releaseTaskLease(id: UUID, owner: string, patch: Partial<Task> = {}): Promise<boolean> {
    const { held } = await this.releaseTasks({ tasks: [{ id, owner, patch }] });
    return held[0] === true;
  }

  async finishTask(id: UUID, owner: string): Promise<boolean> {
    const { held } = await this.releaseTasks({ tasks: [{ id, owner, finish: true }] });
    return held[0] === true;
  }

  /** One atomic unit of conditional statements; the log rows ride along in the same unit. */
  async releaseTasks({
    tasks: releases,
    logs = [],
  }: ReleaseTasksParams): Promise<ReleaseTasksResult> {
    assertDistinctReleases(releases);
    const { statements, held } = this.releaseStatements(releases);
    const rows = this.logWrites(logs);
    if (rows.length === 0) return { held: held(await this.atomic(statements)) };
    try {
      return { held: held(await this.atomic([...statements, ...rows])) };
    } catch (logError) {
      // The unit is atomic, so failed rows undid the releases too: those go again, alone (and
      // if they fail again, that error is the caller's).
      return { held: held(await this.atomic(statements)), logError };
    }
  }

  /**
   * The statements that end `releases`, and how to read which held from their results. First
   * the deciding writes, each only on an unpaused task the owner holds: a patch per entry that
   * has one, then one UPDATE for the plain releases and one DELETE for the finishes of each
   * owner. Then one UPDATE per owner lets go of what is still held: a task paused during the
   * run keeps its pause, and the owner's lease on it is cleared all the same.
   */
  private releaseStatements(releases: readonly TaskRelease[]) {
    const { tasks } = this;
    const free = { leaseOwner: null, leaseExpiresAt: null };
    const notPaused = this.dialect.notPaused(tasks.metadata);
    const deciding: Statement[] = [];
    const letGo: Statement[] = [];
    const owners = new Map<string, TaskRelease[]>();
    for (const release of releases) {
      const group = owners.get(release.owner);
      if (group) group.push(release);
      else owners.set(release.owner, [release]);
    }
    for (const [owner, group] of owners) {
      const held = (ids: UUID[]) => and(inArray(tasks.id, ids), eq(tasks.leaseOwner, owner));
      const plain: UUID[] = [];
      const finished: UUID[] = [];
      for (const release of group) {
        if (release.finish) finished.push(release.id);
        else if (!hasFields(release.patch)) plain.push(release.id);
        else {
          const set = { ...this.taskPatch(release.patch), ...free };
          const where = and(eq(tasks.id, release.id), eq(tasks.leaseOwner, owner), notPaused);
          deciding.push((db) => db.update(tasks).set(set).where(where).returning({ id: tasks.id }));
        }
      }
      const set = { ...this.taskPatch({}), ...free };
      for (const part of this.idChunks(plain)) {
        const where = and(held(part), notPaused);
        deciding.push((db) => db.update(tasks).set(set).where(where).returning({ id: tasks.id }));
      }
      for (const part of this.idChunks(finished)) {
        const where = and(held(part), notPaused);
        deciding.push((db) => db.delete(tasks).where(where).returning({ id: tasks.id }));
      }
      for (const part of this.idChunks(group.map((release) => release.id))) {
        letGo.push((db) => db.update(tasks).set(free).where(held(part)));
      }
    }
    // Postgres hands a uuid back in lower case whatever case it was given in.
    const held = (results: unknown[]) => {
      const rows = (results.slice(0, deciding.length) as { id: string }[][]).flat();
      const ids = new Set(rows.map((row) => row.id.toLowerCase()));
      return releases.map((release) => ids.has(release.id.toLowerCase()));
    };
    return { statements: [...deciding, ...letGo], held };
  }

  private idChunks(ids: UUID[]): UUID[][] {
    return chunk(ids, this.dialect.maxParams - 10);
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

/** Whether a patch names any field (an empty one only lets the lease go). */
function hasFields(patch: Partial<Task> | undefined): patch is Partial<Task> {
  return patch !== undefined && Object.values(patch).some((value) => value !== undefined);
}

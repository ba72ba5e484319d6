// Tasks and their leases. A lease is a check and a write with no await between them, so two
// ticks never take the same task.

import {
  assertDistinctReleases,
  type ClaimDueTasksParams,
  type ClaimTaskParams,
  type ReleaseTasksParams,
  type ReleaseTasksResult,
  StorageError,
  type Task,
  type UUID,
  wellFormed,
} from "../../core/kernel/index.ts";
import { definedFields, detached, stored } from "./base.ts";
import { MemoryLogs } from "./logs.ts";

export abstract class MemoryTasks extends MemoryLogs {
  async createTask(task: Task): Promise<UUID> {
    return this.insertTask(task);
  }

  async getTasks(params: { roomId?: UUID; tags?: string[]; entityId?: UUID }): Promise<Task[]> {
    const tags = params.tags ?? [];
    return [...this.db.tasks.values()]
      .filter(
        (t) =>
          (params.roomId === undefined || t.roomId === params.roomId) &&
          (params.entityId === undefined || t.entityId === params.entityId) &&
          tags.every((tag) => t.tags.includes(tag)),
      )
      .map(detached);
  }

  async getTask(id: UUID): Promise<Task | null> {
    return this.copyOf(this.db.tasks, id);
  }

  async getTasksByName(name: string): Promise<Task[]> {
    const wanted = wellFormed(name);
    return [...this.db.tasks.values()].filter((t) => t.name === wanted).map(detached);
  }

  async updateTask(id: UUID, task: Partial<Task>): Promise<void> {
    this.patchTask(id, task);
  }

  async deleteTask(id: UUID): Promise<void> {
    this.db.tasks.delete(id);
  }

  async claimDueTasks(params: ClaimDueTasksParams): Promise<Task[]> {
    const { now, limit, owner, leaseMs, agentId } = params;
    if (limit <= 0) return [];
    const due = [...this.db.tasks.values()]
      .filter(
        (t) =>
          t.dueAt != null &&
          t.dueAt <= now &&
          (t.leaseExpiresAt == null || t.leaseExpiresAt <= now) &&
          (agentId === undefined || t.agentId === agentId),
      )
      .sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0))
      .slice(0, limit);
    return due.map((t) => this.lease(t.id, t, owner, now + leaseMs));
  }

  async claimTask(id: UUID, { now, owner, leaseMs }: ClaimTaskParams): Promise<Task | null> {
    const task = this.db.tasks.get(id);
    if (!task || (task.leaseExpiresAt != null && task.leaseExpiresAt > now)) return null;
    return this.lease(id, task, owner, now + leaseMs);
  }

  async releaseTaskLease(id: UUID, owner: string, patch?: Partial<Task>): Promise<boolean> {
    return this.release(id, owner, patch);
  }

  async finishTask(id: UUID, owner: string): Promise<boolean> {
    return this.release(id, owner, undefined, true);
  }

  async releaseTasks({ tasks, logs = [] }: ReleaseTasksParams): Promise<ReleaseTasksResult> {
    assertDistinctReleases(tasks);
    const held = tasks.map((t) =>
      this.release(t.id, t.owner, t.finish ? undefined : t.patch, t.finish),
    );
    try {
      for (const row of logs) await this.log(row);
      return { held };
    } catch (logError) {
      return { held, logError };
    }
  }

  async getTasksByIds(ids: UUID[]): Promise<Task[]> {
    return this.copiesOf(this.db.tasks, [...new Set(ids)]);
  }

  /** createTask and the batch's createTask: CONFLICT when the id is taken. */
  protected insertTask(task: Task): UUID {
    const id = task.id ?? this.newId();
    if (this.db.tasks.has(id)) throw new StorageError("CONFLICT", `task ${id} already exists`);
    const now = this.now();
    this.db.tasks.set(id, {
      ...stored(task),
      id,
      dueAt: task.dueAt ?? null,
      leaseOwner: task.leaseOwner ?? null,
      leaseExpiresAt: task.leaseExpiresAt ?? null,
      createdAt: task.createdAt ?? now,
      updatedAt: now,
    });
    return id;
  }

  /** updateTask and the batch's updateTask: a task that is gone is left gone. */
  protected patchTask(id: UUID, patch: Partial<Task>): void {
    const current = this.db.tasks.get(id);
    if (!current) return;
    const { id: _id, ...fields } = definedFields(stored(patch));
    this.db.tasks.set(id, { ...current, ...fields, updatedAt: this.now() });
  }

  /**
   * Lets the owner's lease go, applying `patch` or, with `finish`, deleting the task. A pause
   * that landed during the run wins: only the lease is let go, and the answer is false.
   */
  private release(id: UUID, owner: string, patch?: Partial<Task>, finish = false): boolean {
    const task = this.db.tasks.get(id);
    if (!task || task.leaseOwner !== owner) return false;
    const paused = (task.metadata as { paused?: unknown } | undefined)?.paused === true;
    if (finish && !paused) this.db.tasks.delete(id);
    else this.patchTask(id, { ...(paused ? {} : patch), leaseOwner: null, leaseExpiresAt: null });
    return !paused;
  }

  /** Stores the task leased to `owner` until `expiresAt`; the caller's copy of it. */
  private lease(id: UUID, task: Task & { id: UUID }, owner: string, expiresAt: number): Task {
    const leased = { ...task, leaseOwner: owner, leaseExpiresAt: expiresAt };
    this.db.tasks.set(id, leased);
    return detached(leased);
  }
}

// elizaOS's constructor option `adapter`: an elizaOS IDatabaseAdapter (plugin-sql's, a test's
// mock) used as eliza-edge's storage. Most of the contract is elizaOS's own method set and is
// forwarded as it is; what serverless adds (claims, task leases, the atomic batch) is composed
// from those methods. An elizaOS adapter has no atomic primitive, so composed claims and batches
// are not atomic across processes: right for the one long-lived process elizaOS adapters serve
// (scripts, tests, a Node server), not for a fleet of isolates, where a backend of adapters/ is.
import type {
  Log,
  StorageAdapter,
  StorageOp,
  StorageRead,
  StorageReadResult,
  Task,
  TaskRelease,
  UUID,
} from "../../kernel/index.ts";

type AdapterMethod = (...args: never[]) => Promise<unknown>;
/** The elizaOS adapter as this bridge sees it: any of elizaOS's methods, each maybe absent. */
export type ElizaDatabaseAdapter = Record<string, unknown> & { db?: unknown };

/** Whether `value` already implements eliza-edge's contract (a backend of adapters/). */
export function isStorageAdapter(value: unknown): value is StorageAdapter {
  const candidate = value as Partial<StorageAdapter> | null;
  return (
    typeof candidate?.kind === "string" &&
    typeof candidate.claimOnce === "function" &&
    typeof candidate.batch === "function"
  );
}

/** elizaOS's IDatabaseAdapter methods the contract shares by name and shape. */
const FORWARDED = [
  "getAgent",
  "getAgents",
  "createAgent",
  "updateAgent",
  "deleteAgent",
  "getEntitiesByIds",
  "getEntitiesForRoom",
  "createEntities",
  "updateEntity",
  "getComponent",
  "getComponents",
  "createComponent",
  "updateComponent",
  "deleteComponent",
  "getMemories",
  "getMemoryById",
  "getMemoriesByIds",
  "getMemoriesByRoomIds",
  "searchMemories",
  "createMemory",
  "updateMemory",
  "deleteMemory",
  "deleteManyMemories",
  "deleteAllMemories",
  "countMemories",
  "createWorld",
  "getWorld",
  "getAllWorlds",
  "updateWorld",
  "removeWorld",
  "getRoomsByIds",
  "getRoomsByWorld",
  "createRooms",
  "updateRoom",
  "deleteRoom",
  "deleteRoomsByWorldId",
  "getRoomsForParticipant",
  "getRoomsForParticipants",
  "getParticipantsForEntity",
  "getParticipantsForRoom",
  "isRoomParticipant",
  "addParticipantsRoom",
  "removeParticipant",
  "getParticipantUserState",
  "setParticipantUserState",
  "createRelationship",
  "updateRelationship",
  "getRelationship",
  "getRelationships",
  "getCache",
  "deleteCache",
  "log",
  "getLogs",
  "deleteLog",
  "ensureEmbeddingDimension",
  "init",
  "close",
] as const;

/** eliza-edge's task fields plugin-sql has no columns for travel in the task's metadata. */
const TASK_FIELDS = "elizaEdge";
type EdgeTaskFields = Pick<Task, "dueAt" | "leaseOwner" | "leaseExpiresAt">;

function toStored(task: Partial<Task>): Partial<Task> {
  const { dueAt, leaseOwner, leaseExpiresAt, ...rest } = task;
  const fields: EdgeTaskFields = { dueAt, leaseOwner, leaseExpiresAt };
  if (Object.values(fields).every((v) => v === undefined)) return rest;
  const metadata = { ...(rest.metadata ?? {}) } as Record<string, unknown>;
  metadata[TASK_FIELDS] = { ...(metadata[TASK_FIELDS] as object), ...fields };
  return { ...rest, metadata } as Partial<Task>;
}

function fromStored(task: Task): Task {
  const fields = (task.metadata as Record<string, unknown> | undefined)?.[TASK_FIELDS] as
    | EdgeTaskFields
    | undefined;
  return fields ? { ...task, ...fields } : task;
}

const leaseFree = (task: Task, now: number) =>
  !task.leaseOwner || (task.leaseExpiresAt ?? 0) <= now;

/**
 * The storage contract over an elizaOS adapter. The same adapter object always gets the same
 * bridge, so two runtimes given one adapter share one storage (see agent-binding.ts).
 */
export function storageFromElizaAdapter(adapter: ElizaDatabaseAdapter): StorageAdapter {
  const cached = bridges.get(adapter);
  if (cached) return cached;
  const call = (name: string, ...args: unknown[]): Promise<never> => {
    const method = adapter[name];
    if (typeof method !== "function") {
      return Promise.reject(
        new Error(`the elizaOS database adapter passed as \`adapter\` has no ${name}()`),
      );
    }
    return (method as AdapterMethod).apply(adapter, args as never[]) as Promise<never>;
  };
  const forwarded = Object.fromEntries(
    FORWARDED.map((name) => [name, (...args: unknown[]) => call(name, ...args)]),
  );
  // elizaOS 1.7's own runtime asks getParticipantsForRoom, so an adapter (or a test's mock of
  // one) may leave isRoomParticipant out.
  const isParticipant = async (roomId: UUID, entityId: UUID): Promise<boolean> => {
    if (typeof adapter.isRoomParticipant === "function") {
      return call("isRoomParticipant", roomId, entityId);
    }
    return ((await call("getParticipantsForRoom", roomId)) as UUID[]).includes(entityId);
  };
  const getTask = async (id: UUID) => {
    const task = (await call("getTask", id)) as Task | null;
    return task && fromStored(task);
  };
  const putTask = (id: UUID, patch: Partial<Task>) => call("updateTask", id, toStored(patch));
  const claim = async (task: Task | null, owner: string, now: number, leaseMs: number) => {
    if (!task?.id || !leaseFree(task, now)) return null;
    const leased = { ...task, leaseOwner: owner, leaseExpiresAt: now + leaseMs };
    await putTask(task.id, { metadata: task.metadata, ...leased });
    return leased;
  };
  const release = async (entry: TaskRelease): Promise<boolean> => {
    const task = await getTask(entry.id);
    if (!task || task.leaseOwner !== entry.owner) return false;
    const paused = (task.metadata as Record<string, unknown> | undefined)?.paused === true;
    if (entry.finish && !paused) {
      await call("deleteTask", entry.id);
      return true;
    }
    const patch = entry.finish || paused ? {} : (entry.patch ?? {});
    await putTask(entry.id, {
      ...patch,
      metadata: { ...(task.metadata ?? {}), ...(patch.metadata ?? {}) },
      leaseOwner: null,
      leaseExpiresAt: null,
    });
    return !paused;
  };
  const applyOp = async (op: StorageOp): Promise<void> => {
    switch (op.op) {
      case "ensureWorld":
        if (!(await call("getWorld", op.world.id))) await call("createWorld", op.world);
        return;
      case "ensureRoom":
        if (((await call("getRoomsByIds", [op.room.id])) as unknown[]).length === 0) {
          await call("createRooms", [op.room]);
        }
        return;
      case "ensureEntity":
        if (((await call("getEntitiesByIds", [op.entity.id])) as unknown[]).length === 0) {
          await call("createEntities", [op.entity]);
        }
        return;
      case "ensureParticipant":
        if (!(await isParticipant(op.roomId, op.entityId))) {
          await call("addParticipantsRoom", [op.entityId], op.roomId);
        }
        return;
      case "createMemory":
        await call("createMemory", op.memory, op.tableName);
        return;
      case "deleteMemory":
        await call("deleteMemory", op.memoryId);
        return;
      case "createTask":
        await call("createTask", toStored(op.task));
        return;
      case "updateTask":
        await putTask(op.id, op.task);
        return;
      case "deleteTask":
        await call("deleteTask", op.id);
        return;
      case "setCache":
        await call("setCache", op.key, op.value);
        return;
      case "deleteCache":
        await call("deleteCache", op.key);
        return;
    }
  };
  const answer = (read: StorageRead): Promise<StorageReadResult> =>
    read.read === "getMemories"
      ? call("getMemories", read.params)
      : call("getEntitiesForRoom", read.roomId, read.includeComponents);

  const storage = {
    ...forwarded,
    kind: "elizaos-adapter",
    get drizzle() {
      return adapter.db;
    },
    ...(typeof adapter.runPluginMigrations === "function"
      ? {
          runPluginMigrations: (plugins: unknown) => call("runPluginMigrations", plugins),
        }
      : {}),
    async ping() {
      if (typeof adapter.isReady === "function" && !(await call("isReady"))) {
        throw new Error("the elizaOS database adapter is not ready");
      }
    },
    // elizaOS's cache has no expiry; a TTL given here is not kept.
    setCache: (key: string, value: unknown) => call("setCache", key, value),
    async getLog(id: UUID) {
      const logs = (await call("getLogs", {})) as Log[];
      return logs.find((row) => row.id === id) ?? null;
    },
    async deleteLogs(params: { entityId: UUID; before: number; limit: number }) {
      const logs = (await call("getLogs", { entityId: params.entityId })) as Log[];
      const old = logs
        .filter((row) => new Date(row.createdAt as unknown as string).getTime() < params.before)
        .slice(0, params.limit);
      for (const row of old) if (row.id) await call("deleteLog", row.id);
      return old.length;
    },
    createTask: (task: Task) => call("createTask", toStored(task)),
    getTask,
    async getTasks(params: unknown) {
      return ((await call("getTasks", params)) as Task[]).map(fromStored);
    },
    async getTasksByName(name: string) {
      return ((await call("getTasksByName", name)) as Task[]).map(fromStored);
    },
    async getTasksByIds(ids: UUID[]) {
      const tasks = await Promise.all(ids.map(getTask));
      return tasks.filter((task): task is Task => task !== null);
    },
    updateTask: putTask,
    deleteTask: (id: UUID) => call("deleteTask", id),
    // A claim is a cache entry holding its expiry.
    async claimOnce(key: string, ttlMs: number, now = Date.now()) {
      const held = (await call("getCache", `claim:${key}`)) as number | undefined;
      if (typeof held === "number" && held > now) return false;
      await call("setCache", `claim:${key}`, now + ttlMs);
      return true;
    },
    async claimDueTasks(params: { now: number; limit: number; owner: string; leaseMs: number }) {
      const all = ((await call("getTasks", {})) as Task[]).map(fromStored);
      const due = all
        .filter((task) => task.dueAt != null && task.dueAt <= params.now)
        .filter((task) => leaseFree(task, params.now))
        .sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0))
        .slice(0, params.limit);
      const claimed = [];
      for (const task of due) {
        const leased = await claim(task, params.owner, params.now, params.leaseMs);
        if (leased) claimed.push(leased);
      }
      return claimed;
    },
    async claimTask(id: UUID, params: { now: number; owner: string; leaseMs: number }) {
      return claim(await getTask(id), params.owner, params.now, params.leaseMs);
    },
    releaseTaskLease: (id: UUID, owner: string, patch?: Partial<Task>) =>
      release({ id, owner, ...(patch ? { patch } : {}) }),
    finishTask: (id: UUID, owner: string) => release({ id, owner, finish: true }),
    async releaseTasks(params: {
      tasks: TaskRelease[];
      logs?: Parameters<StorageAdapter["log"]>[0][];
    }) {
      const held: boolean[] = [];
      for (const entry of params.tasks) held.push(await release(entry));
      try {
        for (const row of params.logs ?? []) await call("log", row);
        return { held };
      } catch (logError) {
        return { held, logError };
      }
    },
    async batch(ops: StorageOp[], reads: readonly StorageRead[] = []) {
      for (const op of ops) await applyOp(op);
      const results: StorageReadResult[] = [];
      for (const read of reads) results.push(await answer(read));
      return results;
    },
    async sweepExpired() {
      return { claims: 0, cache: 0 };
    },
  } as unknown as StorageAdapter;
  bridges.set(adapter, storage);
  elizaAdapters.set(storage, adapter);
  return storage;
}

const bridges = new WeakMap<object, StorageAdapter>();
const elizaAdapters = new WeakMap<StorageAdapter, ElizaDatabaseAdapter>();

/** The elizaOS adapter a bridge was made from: what `runtime.adapter` gives back. */
export function elizaAdapterOf(storage: StorageAdapter): ElizaDatabaseAdapter | undefined {
  return elizaAdapters.get(storage);
}

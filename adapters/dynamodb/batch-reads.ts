// A batch's reads are sent beside its TransactWriteItems rather than after it: one round trip
// instead of two. So that a read still sees the batch's own writes (which a query sent after the
// write could not promise either: DynamoDB's indexes are eventually consistent), the rows the
// batch creates are merged into the answers, as the read would have found them.
import type {
  Entity,
  Memory,
  StorageOp,
  StorageRead,
  StorageReadResult,
  UUID,
} from "../../core/kernel/index.ts";

export function withBatchWrites(
  read: StorageRead,
  answer: StorageReadResult,
  ops: readonly StorageOp[],
  now: number,
  scope: UUID | undefined,
): StorageReadResult {
  return read.read === "getMemories"
    ? withMemories(read.params, answer as Memory[], ops, now, scope)
    : withEntities(read.roomId, read.includeComponents ?? false, answer as Entity[], ops);
}

function withMemories(
  params: Extract<StorageRead, { read: "getMemories" }>["params"],
  found: Memory[],
  ops: readonly StorageOp[],
  now: number,
  scope: UUID | undefined,
): Memory[] {
  // A page further back is not where a new row lands: only the first page takes them in.
  if ((params.offset ?? 0) > 0) return found;
  const agentId = params.agentId ?? scope;
  const seen = new Set(found.map((m) => m.id));
  const created = ops.flatMap((op) => {
    if (op.op !== "createMemory" || op.tableName !== params.tableName) return [];
    const m = asStored(op.memory, now);
    const matches =
      !seen.has(m.id) &&
      (params.roomId === undefined || m.roomId === params.roomId) &&
      (params.entityId === undefined || m.entityId === params.entityId) &&
      (params.worldId === undefined || m.worldId === params.worldId) &&
      (agentId === undefined || m.agentId === agentId) &&
      (!params.unique || m.unique) &&
      (params.start === undefined || m.createdAt! >= params.start) &&
      (params.end === undefined || m.createdAt! <= params.end);
    return matches ? [m] : [];
  });
  if (created.length === 0) return found;
  const merged = [...found, ...created].sort((a, b) => b.createdAt! - a.createdAt!);
  return merged.slice(0, params.count ?? merged.length);
}

function withEntities(
  roomId: UUID,
  includeComponents: boolean,
  found: Entity[],
  ops: readonly StorageOp[],
): Entity[] {
  const joined = new Set(
    ops.flatMap((op) =>
      op.op === "ensureParticipant" && op.roomId === roomId ? [op.entityId] : [],
    ),
  );
  const seen = new Set(found.map((e) => e.id));
  const added = ops.flatMap((op) =>
    op.op === "ensureEntity" && joined.has(op.entity.id) && !seen.has(op.entity.id)
      ? [includeComponents ? { ...op.entity, components: [] } : { ...op.entity }]
      : [],
  );
  return added.length ? [...found, ...added] : found;
}

/** The memory as a read returns it: defaults applied, the embedding as float32 holds it. */
function asStored(memory: Memory & { id: UUID }, now: number): Memory & { id: UUID } {
  const { embedding, ...rest } = memory;
  return {
    ...rest,
    createdAt: memory.createdAt ?? now,
    unique: memory.unique ?? false,
    ...(embedding ? { embedding: Array.from(new Float32Array(embedding)) } : {}),
  };
}

// An external vector index beside the SQL rows (Cloudflare Vectorize on Workers). The rows stay
// the source of truth: matches are re-read from SQL, scoped and scored there, so a vector whose
// memory is gone, or one that drifted out of scope, is simply not returned.

/** What the index stores of a memory: its vector and the fields searches filter on. */
export interface IndexedMemory {
  id: string;
  tableName: string;
  roomId: string;
  worldId?: string | null;
  entityId?: string | null;
  agentId?: string | null;
  embedding?: number[] | null;
}

export interface VectorIndex {
  /** The most matches one query may ask for. */
  readonly maxTopK: number;
  /** The widest vector the index holds; a wider pinned width is refused. */
  readonly maxDimension?: number;
  /**
   * Throws a StorageError for a memory the index could not hold (an id or fields over its
   * limits), so the write is refused before the rows are touched.
   */
  check?(memory: IndexedMemory): void;
  upsert(memories: IndexedMemory[]): Promise<void>;
  remove(ids: string[]): Promise<void>;
  /** Best first; `filter` holds exact-match metadata (tableName, roomId, agentId, ...). */
  query(
    embedding: number[],
    filter: Record<string, string>,
    topK: number,
  ): Promise<{ id: string; score: number }[]>;
}

/**
 * The ids of the rows a DELETE ... RETURNING reported with a vector (`{id, embedded}` rows;
 * SQLite says 1/0, Postgres true/false); none for a statement that returned nothing.
 */
export function embeddedIds(returned: unknown): string[] {
  if (!Array.isArray(returned)) return [];
  return returned.flatMap((row: { id?: unknown; embedded?: unknown }) =>
    row.embedded === true || row.embedded === 1 ? [String(row.id)] : [],
  );
}

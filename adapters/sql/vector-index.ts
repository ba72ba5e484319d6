// An external vector index beside the SQL rows (Cloudflare Vectorize on Workers). The rows stay
// the source of truth: matches are re-read from SQL and filtered there, so a vector whose
// memory is gone, or one that drifted out of scope, is simply not returned.
import type { UUID } from "../../core/types.ts";

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
  upsert(memories: IndexedMemory[]): Promise<void>;
  remove(ids: UUID[]): Promise<void>;
  /** Best first; `filter` holds exact-match metadata (tableName, roomId, agentId, ...). */
  query(
    embedding: number[],
    filter: Record<string, string>,
    topK: number,
  ): Promise<{ id: string; score: number }[]>;
}

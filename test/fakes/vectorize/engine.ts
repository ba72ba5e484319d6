// One Vectorize (V2) index, held in memory: what the binding's calls do, as Cloudflare's docs
// describe them (reference/client-api, best-practices/insert-vectors and query-vectors).
// - Mutations are asynchronous: insert/upsert/deleteByIds answer a mutationId and change what
//   queries see only once processed ("typically a few seconds"). `mutations: "manual"` holds
//   them until processMutations(), so a test sees the window; "immediate" applies each at once.
// - Values are stored as float32. Upsert replaces a vector whole; insert keeps an existing one.
// - Default query scores are approximate; `returnValues: true` scores with the stored values.
//   How Cloudflare approximates is not documented: here, from 8-bit quantized copies.
// - Search itself is exact over the vectors the filter admits (Cloudflare's is approximate
//   nearest-neighbour), so recall measured through the stand-in is an upper bound.
import {
  compileFilter,
  type IndexEntries,
  type Indexed,
  type IndexType,
  indexedValue,
  type Predicate,
} from "./filter.ts";
import {
  checkId,
  checkNamespace,
  checkVector,
  invalid,
  LIMITS,
  type VectorInput,
  VectorizeError,
} from "./limits.ts";
import { dotCodes, dotFloat, type Metric, norm, quantized, score, TopK } from "./scoring.ts";

export interface VectorizeIndexOptions {
  dimensions: number;
  metric?: Metric;
  /** Metadata indexes made before any vector is written (`wrangler vectorize create-metadata-index`). */
  metadataIndexes?: Record<string, IndexType>;
  mutations?: "immediate" | "manual";
}

interface Stored {
  id: string;
  namespace?: string;
  metadata?: Record<string, unknown>;
  values: Float32Array;
  /** The values as approximate scoring sees them: 8-bit codes times one step. */
  codes: Int8Array;
  step: number;
  norm: number;
  approximateNorm: number;
  /** Its entries in the metadata indexes that existed when it was written. */
  entries: IndexEntries;
}

type Change =
  | { kind: "insert" | "upsert"; vectors: VectorInput[] }
  | { kind: "delete"; ids: string[] };

export interface QueryOptions {
  topK?: number;
  namespace?: string;
  returnValues?: boolean;
  returnMetadata?: "none" | "indexed" | "all";
  filter?: unknown;
}

export interface Match {
  id: string;
  score: number;
  values?: number[];
  metadata?: Record<string, unknown>;
  namespace?: string;
}

export class VectorizeIndex {
  readonly dimensions: number;
  readonly metric: Metric;
  private readonly vectors = new Map<string, Stored>();
  private readonly indexes = new Map<string, IndexType>();
  private readonly pending: { id: string; change: Change }[] = [];
  private accepted = 0;
  private processedUpTo: { mutation: string; at: number } | undefined;
  mutations: "immediate" | "manual";

  constructor(options: VectorizeIndexOptions) {
    const { dimensions } = options;
    if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > LIMITS.maxDimensions) {
      throw new Error(`dimensions must be 1..${LIMITS.maxDimensions}`);
    }
    this.dimensions = dimensions;
    this.metric = options.metric ?? "cosine";
    this.mutations = options.mutations ?? "immediate";
    for (const [name, type] of Object.entries(options.metadataIndexes ?? {})) {
      this.createMetadataIndex(name, type);
    }
  }

  /** Vectors written before this are not in the new index until written again. */
  createMetadataIndex(property: string, type: IndexType): void {
    if (this.indexes.size >= LIMITS.maxMetadataIndexes && !this.indexes.has(property)) {
      throw new Error(`at most ${LIMITS.maxMetadataIndexes} metadata indexes`);
    }
    this.indexes.set(property, type);
  }

  deleteMetadataIndex(property: string): void {
    this.indexes.delete(property);
  }

  metadataIndexes(): Record<string, IndexType> {
    return Object.fromEntries(this.indexes);
  }

  /** Drops every vector and pending mutation; metadata indexes stay (a test's reset). */
  clear(): void {
    this.vectors.clear();
    this.pending.length = 0;
  }

  /** Vectors queries see (processed mutations only). */
  get size(): number {
    return this.vectors.size;
  }

  get pendingMutations(): number {
    return this.pending.length;
  }

  has(id: string): boolean {
    return this.vectors.has(id);
  }

  describe() {
    return {
      vectorCount: this.vectors.size,
      dimensions: this.dimensions,
      processedUpToDatetime: this.processedUpTo?.at ?? null,
      processedUpToMutation: this.processedUpTo?.mutation ?? null,
    };
  }

  insert(vectors: unknown): { mutationId: string } {
    return this.accept({ kind: "insert", vectors: this.checkBatch(vectors) });
  }

  upsert(vectors: unknown): { mutationId: string } {
    return this.accept({ kind: "upsert", vectors: this.checkBatch(vectors) });
  }

  deleteByIds(ids: unknown): { mutationId: string } {
    return this.accept({ kind: "delete", ids: checkIds(ids) });
  }

  getByIds(ids: unknown) {
    return checkIds(ids).flatMap((id) => {
      const stored = this.vectors.get(id);
      if (!stored) return [];
      return [{ id, values: [...stored.values], ...extras(stored, "all") }];
    });
  }

  /** Applies every accepted mutation, in order; returns how many were applied. */
  processMutations(): number {
    const applied = this.pending.splice(0);
    for (const { id, change } of applied) this.apply(id, change);
    return applied.length;
  }

  query(vector: unknown, options: QueryOptions = {}): { count: number; matches: Match[] } {
    const values = this.checkQueryVector(vector);
    return this.search(values, options);
  }

  queryById(vectorId: unknown, options: QueryOptions = {}) {
    const stored = this.vectors.get(checkId(vectorId));
    if (!stored) throw new VectorizeError(404, 40401, `vector ${String(vectorId)} not found`);
    return this.search(stored.values, options);
  }

  private search(values: Float32Array, options: QueryOptions) {
    const returnMetadata = options.returnMetadata ?? "none";
    if (!["none", "indexed", "all"].includes(returnMetadata)) {
      throw invalid(40030, `invalid returnMetadata ${String(returnMetadata)}`);
    }
    const heavy = options.returnValues === true || returnMetadata === "all";
    const max = heavy ? LIMITS.maxTopKWithValuesOrMetadata : LIMITS.maxTopK;
    const topK = options.topK ?? LIMITS.defaultTopK;
    if (!Number.isInteger(topK) || topK < 1 || topK > max) {
      throw invalid(
        40031,
        `topK must be an integer from 1 to ${max}${heavy ? " with returnValues or returnMetadata 'all'" : ""}; got ${topK}`,
      );
    }
    const namespace =
      options.namespace === undefined ? undefined : checkNamespace(options.namespace);
    const admits: Predicate | undefined =
      options.filter === undefined ? undefined : compileFilter(options.filter, this.indexes);
    const exact = options.returnValues === true;
    const queryNorm = norm(values);
    const best = new TopK<Stored>(topK, this.metric === "euclidean");
    for (const stored of this.vectors.values()) {
      if (namespace !== undefined && stored.namespace !== namespace) continue;
      if (admits && !admits(stored.entries)) continue;
      const similarity = exact
        ? score(this.metric, dotFloat(values, stored.values), queryNorm, stored.norm)
        : score(
            this.metric,
            dotCodes(values, stored.codes, stored.step),
            queryNorm,
            stored.approximateNorm,
          );
      best.offer(stored, similarity);
    }
    const matches = best.results().map(({ item: stored, score: similarity }) => ({
      id: stored.id,
      score: similarity,
      ...(exact ? { values: [...stored.values] } : {}),
      ...extras(stored, returnMetadata),
    }));
    return { count: matches.length, matches };
  }

  private checkQueryVector(vector: unknown): Float32Array {
    if (
      !Array.isArray(vector) ||
      !vector.every((v) => typeof v === "number" && Number.isFinite(v))
    ) {
      throw invalid(40032, "query vector must be an array of finite numbers");
    }
    if (vector.length !== this.dimensions) {
      throw invalid(
        40033,
        `invalid query vector, expected ${this.dimensions} dimensions, and got ${vector.length} dimensions`,
      );
    }
    return Float32Array.from(vector);
  }

  private checkBatch(vectors: unknown): VectorInput[] {
    if (!Array.isArray(vectors) || vectors.length === 0) {
      throw invalid(40010, "expected a non-empty list of vectors");
    }
    if (vectors.length > LIMITS.maxBatchFromWorkers) {
      throw invalid(
        40011,
        `at most ${LIMITS.maxBatchFromWorkers} vectors per call from a Worker; got ${vectors.length}`,
      );
    }
    const checked = vectors.map((vector) => checkVector(vector, this.dimensions));
    const pendingInserts = this.pending.reduce(
      (n, { change }) => n + (change.kind === "delete" ? 0 : change.vectors.length),
      0,
    );
    if (this.vectors.size + pendingInserts + checked.length > LIMITS.maxVectorsPerIndex) {
      throw invalid(40012, `an index holds at most ${LIMITS.maxVectorsPerIndex} vectors`);
    }
    return checked;
  }

  private accept(change: Change): { mutationId: string } {
    const mutationId = `00000000-0000-4000-8000-${(++this.accepted).toString(16).padStart(12, "0")}`;
    if (this.mutations === "immediate") this.apply(mutationId, change);
    else this.pending.push({ id: mutationId, change });
    return { mutationId };
  }

  private apply(mutationId: string, change: Change): void {
    if (change.kind === "delete") {
      for (const id of change.ids) this.vectors.delete(id);
    } else {
      for (const vector of change.vectors) {
        if (change.kind === "insert" && this.vectors.has(vector.id)) continue;
        this.vectors.set(vector.id, this.store(vector));
      }
    }
    this.processedUpTo = { mutation: mutationId, at: Date.now() };
  }

  private store(vector: VectorInput): Stored {
    const values = Float32Array.from(vector.values);
    const { codes, step } = quantized(values);
    const entries = new Map<string, Indexed>();
    for (const [property, type] of this.indexes) {
      const value = indexedValue(type, at(vector.metadata, property));
      if (value !== undefined) entries.set(property, value);
    }
    return {
      id: vector.id,
      ...(vector.namespace !== undefined ? { namespace: vector.namespace } : {}),
      ...(vector.metadata !== undefined ? { metadata: structuredClone(vector.metadata) } : {}),
      values,
      codes,
      step,
      norm: norm(values),
      approximateNorm: norm(Float32Array.from(codes, (code) => code * step)),
      entries,
    };
  }
}

function checkIds(ids: unknown): string[] {
  if (!Array.isArray(ids)) throw invalid(40013, "ids must be a list of strings");
  return ids.map(checkId);
}

function extras(
  stored: Stored,
  level: "none" | "indexed" | "all",
): { namespace?: string; metadata?: Record<string, unknown> } {
  const namespace = stored.namespace === undefined ? {} : { namespace: stored.namespace };
  if (level === "none" || !stored.metadata) return namespace;
  if (level === "all") return { ...namespace, metadata: structuredClone(stored.metadata) };
  return { ...namespace, metadata: Object.fromEntries(stored.entries) };
}

/** A nested metadata field by its dotted path, as filters address it. */
function at(metadata: Record<string, unknown> | undefined, path: string): unknown {
  let value: unknown = metadata;
  for (const part of path.split(".")) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

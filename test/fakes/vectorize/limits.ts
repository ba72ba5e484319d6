// Vectorize's documented limits (developers.cloudflare.com/vectorize/platform/limits, V2
// indexes) and the checks the stand-in applies to what it is sent: ids, values, namespaces,
// metadata. A request that breaks one is refused whole, as the service refuses it.

export const LIMITS = {
  maxDimensions: 1536,
  maxIdBytes: 64,
  maxMetadataBytes: 10 * 1024,
  /** topK without values and with metadata "none" or "indexed". */
  maxTopK: 100,
  /** topK with returnValues: true or returnMetadata: "all". */
  maxTopKWithValuesOrMetadata: 20,
  /** Vectors per insert/upsert call from a Worker (the HTTP API takes 5,000). */
  maxBatchFromWorkers: 1000,
  maxVectorsPerIndex: 5_000_000,
  maxNamespaceBytes: 64,
  maxMetadataIndexes: 10,
  /** A string metadata index holds the first 64 bytes of the value. */
  indexedStringBytes: 64,
  /** A filter's compact JSON must be shorter than this. */
  filterBytes: 2048,
  maxFilterKeyChars: 512,
  maxUploadBytes: 100 * 1024 * 1024,
  defaultTopK: 5,
} as const;

/**
 * What the service answers with a non-200 status: `{code, error}`, which workerd's binding
 * turns into `Error("VECTOR_<OP>_ERROR (code = <code>): <error>")`. Cloudflare does not
 * document its codes; the stand-in numbers its own (40xxx, bad request; 404xx, not found).
 */
export class VectorizeError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "VectorizeError";
  }
}

export const invalid = (code: number, message: string) => new VectorizeError(400, code, message);

export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** The longest prefix of `text` within `max` UTF-8 bytes that ends on a character boundary. */
export function truncateUtf8(text: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII range check
  if (text.length <= max && /^[\x00-\x7f]*$/.test(text)) return text;
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = utf8Bytes(char);
    if (bytes + size > max) break;
    bytes += size;
    end += char.length;
  }
  return text.slice(0, end);
}

export interface VectorInput {
  id: string;
  values: number[];
  namespace?: string;
  metadata?: Record<string, unknown>;
}

/** Checks one vector of an insert/upsert against the index's width and the limits. */
export function checkVector(value: unknown, dimensions: number): VectorInput {
  if (typeof value !== "object" || value === null) throw invalid(40001, "vector is not an object");
  const vector = value as Record<string, unknown>;
  const id = checkId(vector.id);
  const values = vector.values;
  if (!Array.isArray(values) || !values.every((v) => typeof v === "number" && Number.isFinite(v))) {
    throw invalid(40002, `vector ${id}: values must be an array of finite numbers`);
  }
  if (values.length !== dimensions) {
    throw invalid(
      40003,
      `vector ${id}: invalid vector, expected ${dimensions} dimensions, and got ${values.length} dimensions`,
    );
  }
  const checked: VectorInput = { id, values };
  if (vector.namespace !== undefined) checked.namespace = checkNamespace(vector.namespace);
  if (vector.metadata !== undefined) checked.metadata = checkMetadata(id, vector.metadata);
  return checked;
}

export function checkId(id: unknown): string {
  if (typeof id !== "string" || id === "")
    throw invalid(40004, "vector id must be a non-empty string");
  if (utf8Bytes(id) > LIMITS.maxIdBytes) {
    throw invalid(40005, `vector id is longer than ${LIMITS.maxIdBytes} bytes: ${id.slice(0, 80)}`);
  }
  return id;
}

export function checkNamespace(namespace: unknown): string {
  if (typeof namespace !== "string" || utf8Bytes(namespace) > LIMITS.maxNamespaceBytes) {
    throw invalid(40006, `namespace must be a string of at most ${LIMITS.maxNamespaceBytes} bytes`);
  }
  return namespace;
}

function checkMetadata(id: string, metadata: unknown): Record<string, unknown> {
  if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata)) {
    throw invalid(40007, `vector ${id}: metadata must be an object`);
  }
  const bytes = utf8Bytes(JSON.stringify(metadata));
  if (bytes > LIMITS.maxMetadataBytes) {
    throw invalid(
      40008,
      `vector ${id}: metadata is ${bytes} bytes, over ${LIMITS.maxMetadataBytes}`,
    );
  }
  checkKeys(id, metadata as Record<string, unknown>);
  return metadata as Record<string, unknown>;
}

/** Keys cannot be empty, contain `.` (nesting in filters) or `"`, or start with `$`. */
function checkKeys(id: string, object: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(object)) {
    if (key === "" || key.includes(".") || key.includes('"') || key.startsWith("$")) {
      throw invalid(40009, `vector ${id}: invalid metadata key ${JSON.stringify(key)}`);
    }
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      checkKeys(id, value as Record<string, unknown>);
    }
  }
}

// Driver errors into the contract's StorageError. drizzle wraps a failed query in
// DrizzleQueryError with the driver's error as `cause`; pg, PGlite and Neon all carry the
// SQLSTATE as `code`.
import { StorageError } from "../../core/storage.ts";

/** SQLSTATE classes and codes meaning "the database is not there right now": retry later. */
// 57014: a statement cancelled by statement_timeout (DATABASE_QUERY_TIMEOUT_MS).
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0[1-3]|57014)/;
const UNAVAILABLE_NODE = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND"]);

export function toStorageError(error: unknown): unknown {
  if (error instanceof StorageError) return error;
  const code = findCode(error);
  const message = describe(error);
  if (code === "23505") return new StorageError("CONFLICT", message, { cause: error });
  if (code === "54000") return new StorageError("TOO_LARGE", message, { cause: error });
  // Class 22, data exception (22P02 invalid text representation, 22021 bad UTF-8, ...): the
  // value is at fault, so the caller answers 400, not the 503 that asks for a redelivery.
  if (code?.startsWith("22")) {
    return new StorageError("INVALID_INPUT", firstLine(message), { cause: error });
  }
  if (code && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE.has(code))) {
    return new StorageError("UNAVAILABLE", message, { cause: error });
  }
  if (isConnectionFailure(error)) return new StorageError("UNAVAILABLE", message, { cause: error });
  return error;
}

function findCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    e = underlying(e);
  }
  return undefined;
}

/** What an error wraps: `cause`, or `sourceError` where Neon's HTTP driver keeps fetch's. */
function underlying(error: unknown): unknown {
  const e = error as { cause?: unknown; sourceError?: unknown };
  return e.cause ?? e.sourceError;
}

/** The driver's own message (the constraint, the value), not drizzle's "Failed query: ...". */
function describe(error: unknown): string {
  let e = error;
  while ((e as { cause?: unknown })?.cause instanceof Error) e = (e as { cause: Error }).cause;
  return e instanceof Error ? e.message : String(e);
}

function firstLine(message: string): string {
  const end = message.indexOf("\n");
  return end === -1 ? message : message.slice(0, end);
}

function isConnectionFailure(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const message = e instanceof Error ? e.message : "";
    if (
      /fetch failed|Connection terminated|connection.*(closed|refused)|WebSocket|timeout expired|Query read timeout/i.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

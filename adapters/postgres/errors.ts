// Driver errors into the contract's StorageError. pg, PGlite and Neon all carry the SQLSTATE
// as `code` on the driver's error, under drizzle's wrapper.
import { StorageError } from "../../core/kernel/index.ts";
import { causes, driverErrors, firstLine, messageOf } from "../sql/errors.ts";

/** SQLSTATE classes and codes meaning "the database is not there right now": retry later. */
// 57014: a statement cancelled by statement_timeout (DATABASE_QUERY_TIMEOUT_MS).
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0[1-3]|57014)/;
const UNAVAILABLE_NODE = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND"]);
const CONNECTION_LOST =
  /fetch failed|Connection terminated|connection.*(closed|refused)|WebSocket|timeout expired|Query read timeout/i;

export function toStorageError(error: unknown): unknown {
  if (error instanceof StorageError) return error;
  const chain = causes(error);
  const code = chain.map((e) => (e as { code?: unknown }).code).find((c) => typeof c === "string");
  // The driver's own message (the constraint, the value), not drizzle's "Failed query: ...".
  const message = messageOf(driverErrors(error)[0] ?? error);
  if (code === "23505") return new StorageError("CONFLICT", message, { cause: error });
  if (code === "54000") return new StorageError("TOO_LARGE", message, { cause: error });
  // Class 22, data exception (22P02 invalid text representation, 22021 bad UTF-8, ...): the
  // value is at fault, so the caller answers 400, not the 503 that asks for a redelivery.
  if (typeof code === "string" && code.startsWith("22")) {
    return new StorageError("INVALID_INPUT", firstLine(message), { cause: error });
  }
  const unavailable =
    (typeof code === "string" && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE.has(code))) ||
    chain.some((e) => CONNECTION_LOST.test(e instanceof Error ? e.message : ""));
  if (unavailable) return new StorageError("UNAVAILABLE", message, { cause: error });
  return error;
}

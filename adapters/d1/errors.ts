// D1 reports failures as Error messages ("D1_ERROR: UNIQUE constraint failed: ..."), and
// drizzle may wrap them; this turns the ones a caller can act on into StorageErrors.
import { StorageError } from "../../core/storage.ts";

const CONFLICT = /UNIQUE constraint failed|SQLITE_CONSTRAINT_PRIMARYKEY|SQLITE_CONSTRAINT_UNIQUE/;
const DIMENSION = /EMBEDDING_DIMENSION_MISMATCH/;
const TOO_LARGE = /SQLITE_TOOBIG|too big|too large|exceeds .*limit/i;
// The value is at fault (a 400, never a retry): SQLite's type and JSON checks.
const INVALID_INPUT = /SQLITE_MISMATCH|datatype mismatch|malformed JSON/i;
// Transient conditions Cloudflare documents for D1 (d1/observability/debug-d1): retrying helps.
const UNAVAILABLE =
  /Network connection lost|connection (reset|refused)|overloaded|storage caused object to be reset|Cannot resolve D1|Internal error|timed? ?out|D1 is unavailable|fetch failed/i;

export function toStorageError(thrown: unknown): unknown {
  if (thrown instanceof StorageError) return thrown;
  // drizzle's DrizzleQueryError message carries the bound params (user text, possibly 1 MB):
  // match and rethrow D1's own error instead, so content never decides the code or hits logs.
  const error = unwrapDrizzle(thrown);
  const message = messages(error);
  if (DIMENSION.test(message)) {
    return new StorageError(
      "EMBEDDING_DIMENSION_MISMATCH",
      "embedding width differs from the pinned EMBEDDING_DIMENSION",
      { cause: error },
    );
  }
  if (CONFLICT.test(message)) {
    return new StorageError(
      "CONFLICT",
      `a row with this id already exists (${firstLine(message)})`,
      {
        cause: error,
      },
    );
  }
  if (TOO_LARGE.test(message)) {
    return new StorageError("TOO_LARGE", `D1 refused the row as too large`, { cause: error });
  }
  if (INVALID_INPUT.test(message)) {
    return new StorageError("INVALID_INPUT", `D1 refused a value: ${firstLine(message)}`, {
      cause: error,
    });
  }
  if (UNAVAILABLE.test(message)) {
    return new StorageError("UNAVAILABLE", `D1 is unavailable: ${firstLine(message)}`, {
      cause: error,
    });
  }
  return error;
}

function unwrapDrizzle(error: unknown): unknown {
  let current = error;
  while (current instanceof Error && current.message.startsWith("Failed query:") && current.cause) {
    current = current.cause;
  }
  return current;
}

/** The message of the error and of every cause under it, as D1 nests its own. */
function messages(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof Error) {
      parts.push(current.message);
      current = current.cause;
    } else {
      parts.push(String(current));
      break;
    }
  }
  return parts.join("\n");
}

function firstLine(message: string): string {
  return message.split("\n").find((line) => line.trim() !== "") ?? message;
}

// D1 reports failures as Error messages ("D1_ERROR: UNIQUE constraint failed: ..."), nesting
// its own causes; this turns the ones a caller can act on into StorageErrors.
import { StorageError, type StorageErrorCode } from "../../core/kernel/index.ts";
import { driverErrors, firstLine, messageOf } from "../sql/errors.ts";

const CODES: [RegExp, StorageErrorCode, string][] = [
  // The width-guard trigger (migrations/0001) raises this.
  [
    /EMBEDDING_DIMENSION_MISMATCH/,
    "EMBEDDING_DIMENSION_MISMATCH",
    "embedding width differs from the pinned EMBEDDING_DIMENSION",
  ],
  [
    /UNIQUE constraint failed|SQLITE_CONSTRAINT_PRIMARYKEY|SQLITE_CONSTRAINT_UNIQUE/,
    "CONFLICT",
    "a row with this id already exists",
  ],
  [
    /SQLITE_TOOBIG|too big|too large|exceeds .*limit/i,
    "TOO_LARGE",
    "D1 refused the row as too large",
  ],
  // The value is at fault (a 400, never a retry): SQLite's type and JSON checks.
  [/SQLITE_MISMATCH|datatype mismatch|malformed JSON/i, "INVALID_INPUT", "D1 refused a value"],
  // Transient conditions Cloudflare documents for D1 (d1/observability/debug-d1): retrying helps.
  [
    /Network connection lost|connection (reset|refused)|overloaded|storage caused object to be reset|Cannot resolve D1|Internal error|timed? ?out|D1 is unavailable|fetch failed/i,
    "UNAVAILABLE",
    "D1 is unavailable",
  ],
];

export function toStorageError(thrown: unknown): unknown {
  if (thrown instanceof StorageError) return thrown;
  const [error = thrown, ...rest] = driverErrors(thrown);
  const message = [error, ...rest].map(messageOf).join("\n");
  for (const [pattern, code, summary] of CODES) {
    if (pattern.test(message)) {
      return new StorageError(code, `${summary} (${firstLine(message)})`, { cause: error });
    }
  }
  return error;
}

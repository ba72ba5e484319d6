// LOG_JSON_FORMAT=true: one JSON object per line, the shape Workers Logs and CloudWatch index
// field by field. `level`, `time` (ISO 8601) and `msg` come first; data objects' fields follow
// at the top level (child bindings included); an Error becomes {name, message} (with `stack`
// at debug/trace), a top-level one under `err` as pino puts it. Fields named like the three
// fixed ones are kept under `data.level` and so on rather than overwriting them.

const FIXED = new Set(["level", "time", "msg"]);

export interface ErrorRecord {
  name: string;
  message: string;
  stack?: string;
  cause?: ErrorRecord | string;
}

export function errorRecord(error: Error, withStack: boolean): ErrorRecord {
  const record: ErrorRecord = { name: error.name || "Error", message: error.message };
  if (withStack && error.stack) record.stack = error.stack;
  if (error.cause instanceof Error) record.cause = errorRecord(error.cause, withStack);
  else if (typeof error.cause === "string") record.cause = error.cause;
  return record;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** One log call as one JSON line: either call style, any mix of strings, Errors and data. */
export function jsonLogLine(
  level: string,
  args: readonly unknown[],
  withStack: boolean,
  time: number = Date.now(),
): string {
  const words: string[] = [];
  const data: Record<string, unknown> = {};
  let err: ErrorRecord | undefined;
  for (const arg of args) {
    if (arg === undefined) continue;
    if (typeof arg === "string") words.push(arg);
    else if (arg instanceof Error) {
      if (err) words.push(`${arg.name}: ${arg.message}`);
      else err = errorRecord(arg, withStack);
    } else if (isPlainObject(arg)) Object.assign(data, arg);
    else words.push(encode(arg, withStack));
  }
  const record: Record<string, unknown> = {
    level,
    time: new Date(time).toISOString(),
    msg: words.join(" ") || (err ? `${err.name}: ${err.message}` : ""),
  };
  if (err) record.err = err;
  for (const [key, value] of Object.entries(data)) {
    // An Error in the data is encoded here, before JSON.stringify would call its toJSON (the
    // redacting logger gives redacted Errors one that yields a text line for other sinks).
    const encoded = value instanceof Error ? errorRecord(value, withStack) : value;
    record[FIXED.has(key) || (key === "err" && err) ? `data.${key}` : key] = encoded;
  }
  const line = encode(record, withStack);
  // A record JSON cannot hold (a throwing getter) still leaves one object on the line.
  return line.startsWith("{")
    ? line
    : JSON.stringify({ level, time: record.time, msg: record.msg });
}

/** JSON that never throws: Errors as records, cycles marked, bigints and functions named. */
function encode(value: unknown, withStack: boolean): string {
  const text = safeStringify(value, (error) => errorRecord(error, withStack));
  if (text === null) return JSON.stringify(Object.prototype.toString.call(value));
  return text ?? JSON.stringify(String(value));
}

/**
 * JSON.stringify for log data: Errors through `error`, cycles as "[Circular]", bigints,
 * functions and symbols named. Undefined for a top-level value JSON skips (undefined); null
 * where JSON cannot hold the value (a throwing getter).
 */
export function safeStringify(
  value: unknown,
  error: (e: Error) => unknown,
): string | undefined | null {
  const seen = new WeakSet<object>();
  try {
    const text = JSON.stringify(value, (_key, v: unknown) => {
      if (v instanceof Error) return error(v);
      if (typeof v === "bigint") return `${v}n`;
      if (typeof v === "function") return `[Function ${v.name || "anonymous"}]`;
      if (typeof v === "symbol") return v.toString();
      if (v !== null && typeof v === "object") {
        if (seen.has(v)) return "[Circular]";
        seen.add(v);
      }
      return v;
    });
    return text;
  } catch {
    return null;
  }
}

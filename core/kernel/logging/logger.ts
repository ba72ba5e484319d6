// A leveled logger over console, the one sink every runtime has. Targets may pass their own;
// the runtime wraps whichever it gets in redactingLogger, so secrets never reach a line.
//
// Two call styles are accepted because two kinds of code log through it: eliza-edge's own
// `logger.info("message", { data })`, and elizaOS plugins' pino style
// `logger.error({ src, err }, "message")`, `logger.warn("a", "b")`, `logger.debug(obj)`.
// Either way one readable line comes out: the strings, then the merged data as JSON, Error
// objects as "Name: message" (their stack only when the logger is at debug or trace). With
// `json` (LOG_JSON_FORMAT=true) the same call prints one JSON object instead (log-json.ts).
import { jsonLogLine, safeStringify } from "./log-json.ts";
import { type Redactor, redactValue } from "./redact.ts";

/** Any number of strings, Errors and data objects, in either order. */
export type LogFn = (first?: unknown, ...rest: unknown[]) => void;

/**
 * What a target or test may pass as a logger: the four leveled methods. Declared as methods so
 * a `(message: string, data?: object) => void` implementation fits.
 */
export interface Logger {
  debug(first?: unknown, ...rest: unknown[]): void;
  info(first?: unknown, ...rest: unknown[]): void;
  warn(first?: unknown, ...rest: unknown[]): void;
  error(first?: unknown, ...rest: unknown[]): void;
  trace?(first?: unknown, ...rest: unknown[]): void;
  fatal?(first?: unknown, ...rest: unknown[]): void;
  success?(first?: unknown, ...rest: unknown[]): void;
  progress?(first?: unknown, ...rest: unknown[]): void;
  log?(first?: unknown, ...rest: unknown[]): void;
}

/** The full logger elizaOS plugins call (`runtime.logger`, the compat `logger`). */
export interface ElizaLogger extends Logger {
  /** The lowest level printed; settable. */
  level: string;
  trace: LogFn;
  fatal: LogFn;
  success: LogFn;
  progress: LogFn;
  log: LogFn;
  clear(): void;
  /** A logger whose lines carry `bindings` as data. */
  child(bindings: Record<string, unknown>): ElizaLogger;
}

const LEVELS = {
  trace: 5,
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  fatal: 50,
  silent: 100,
} as const;
export type LogLevel = keyof typeof LEVELS;

export type Method =
  | "trace"
  | "debug"
  | "info"
  | "warn"
  | "error"
  | "fatal"
  | "success"
  | "progress"
  | "log";
const METHODS: readonly Method[] = [
  "trace",
  "debug",
  "info",
  "warn",
  "error",
  "fatal",
  "success",
  "progress",
  "log",
];
const METHOD_LEVEL: Record<Method, number> = {
  trace: LEVELS.trace,
  debug: LEVELS.debug,
  info: LEVELS.info,
  success: LEVELS.info,
  progress: LEVELS.info,
  log: LEVELS.info,
  warn: LEVELS.warn,
  error: LEVELS.error,
  fatal: LEVELS.fatal,
};
/** The standard level a JSON line names (what log indexers filter on). */
const JSON_LEVEL: Record<Method, LogLevel> = {
  trace: "trace",
  debug: "debug",
  info: "info",
  success: "info",
  progress: "info",
  log: "info",
  warn: "warn",
  error: "error",
  fatal: "fatal",
};
type ConsoleMethod = "log" | "info" | "warn" | "error";

const CONSOLE_METHOD: Record<Method, ConsoleMethod> = {
  trace: "log",
  debug: "log",
  info: "info",
  success: "info",
  progress: "info",
  log: "info",
  warn: "warn",
  error: "error",
  fatal: "error",
};

/** One emitted line, for listeners (the compat entry's addLogListener). */
export interface LogEntry {
  time: number;
  level: Method;
  msg: string;
}

export interface ConsoleLoggerOptions {
  /** Data added to every line (elizaOS's child bindings). */
  bindings?: Record<string, unknown>;
  /** Called with every line printed. */
  onEntry?: (entry: LogEntry) => void;
  /**
   * One JSON object per line (LOG_JSON_FORMAT=true) instead of a readable line; a function is
   * asked at every line (the compat singleton's format is switched after it is made).
   */
  json?: boolean | (() => boolean);
}

/** LOG_JSON_FORMAT as a setting or env value: "true" (any case) or a boolean true. */
export function jsonLogFormat(value: unknown): boolean {
  return value === true || (typeof value === "string" && value.trim().toLowerCase() === "true");
}

/**
 * LOG_JSON_FORMAT with a default for when it is set nowhere (null, undefined or empty): the
 * edge targets default to JSON, a terminal to readable lines; "false" always means readable.
 */
export function jsonLogFormatOr(value: unknown, fallback = false): boolean {
  if (value === undefined || value === null || (typeof value === "string" && !value.trim())) {
    return fallback;
  }
  return jsonLogFormat(value);
}

/**
 * Writes one line with the console's method for the level, or console.log where the console
 * has no such method (a host's partial console): logging never throws.
 */
function write(method: ConsoleMethod, line: string): void {
  const out = globalThis.console as Partial<Console> | undefined;
  const fn = out?.[method] ?? out?.log;
  if (typeof fn === "function") fn.call(out, line);
}

function levelValue(level: string): number {
  return LEVELS[level.toLowerCase() as LogLevel] ?? LEVELS.info;
}

/**
 * Which methods of a logger made here print at its current level. redactingLogger asks it
 * first: a line below the level costs no redaction (a turn logs a dozen debug lines).
 */
const printsAt = new WeakMap<object, (name: Method) => boolean>();

export function createConsoleLogger(
  level: LogLevel | string = "info",
  options: ConsoleLoggerOptions = {},
): ElizaLogger {
  let current = String(level).toLowerCase();
  let min = levelValue(current);
  const bindings = options.bindings ?? {};
  const emit =
    (name: Method): LogFn =>
    (...args) => {
      if (METHOD_LEVEL[name] < min) return;
      const all = Object.keys(bindings).length > 0 ? [...args, bindings] : args;
      const withStack = min <= LEVELS.debug;
      const time = Date.now();
      const json = typeof options.json === "function" ? options.json() : options.json === true;
      if (json) write(CONSOLE_METHOD[name], jsonLogLine(JSON_LEVEL[name], all, withStack, time));
      const msg = json && !options.onEntry ? "" : formatLogArgs(all, withStack);
      if (!json) write(CONSOLE_METHOD[name], `[eliza-edge] ${name}: ${msg}`);
      options.onEntry?.({ time, level: name, msg });
    };
  const logger = {
    get level() {
      return current;
    },
    set level(value: string) {
      current = String(value).toLowerCase();
      min = levelValue(current);
    },
    clear() {},
    child(childBindings: Record<string, unknown>): ElizaLogger {
      return createConsoleLogger(current, {
        ...options,
        bindings: { ...bindings, ...childBindings },
      });
    },
  } as ElizaLogger;
  const own = {} as Record<Method, LogFn>;
  for (const name of METHODS) logger[name] = own[name] = emit(name);
  // A method replaced after creation (a test's spy) is called whatever the level.
  printsAt.set(logger, (name) => logger[name] !== own[name] || METHOD_LEVEL[name] >= min);
  return logger;
}

export const silentLogger: ElizaLogger = createConsoleLogger("silent");

/**
 * One line from a log call's arguments: strings and other scalars joined by spaces, Errors as
 * "Name: message", plain objects merged into one JSON object appended at the end.
 */
export function formatLogArgs(args: readonly unknown[], withStack = false): string {
  const parts: string[] = [];
  const objects: Record<string, unknown>[] = [];
  for (const arg of args) {
    if (arg === undefined) continue;
    if (typeof arg === "string") parts.push(arg);
    else if (arg instanceof Error) parts.push(errorLine(arg, withStack));
    else if (isPlainObject(arg)) objects.push(arg);
    else parts.push(stringify(arg, withStack));
  }
  // One object is printed as itself (so a reference back to it shows as a cycle); several
  // (data and child bindings) are merged.
  const data = objects.length === 1 ? objects[0] : Object.assign({}, ...objects);
  if (data && Object.keys(data).length > 0) parts.push(stringify(data, withStack));
  return parts.join(" ");
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function errorLine(error: Error, withStack: boolean): string {
  const head = `${error.name || "Error"}: ${error.message}`;
  const cause =
    error.cause instanceof Error ? ` (cause: ${error.cause.name}: ${error.cause.message})` : "";
  if (!withStack || !error.stack) return head + cause;
  // V8 stacks start with the head line already; others (workerd, JSC) may not.
  return (error.stack.startsWith(head) ? error.stack : `${head}\n${error.stack}`) + cause;
}

/** JSON that never throws: Errors as lines, cycles marked, bigints and functions named. */
function stringify(value: unknown, withStack: boolean): string {
  const text = safeStringify(value, (error) => errorLine(error, withStack));
  if (text === null) return Object.prototype.toString.call(value);
  return text ?? String(value);
}

/** An Error with its message and stack redacted, still an Error for the formatter. */
function redactError(error: Error, redact: Redactor): Error {
  const copy = new Error(redact(error.message));
  copy.name = error.name;
  copy.stack = error.stack === undefined ? undefined : redact(error.stack);
  if (error.cause !== undefined) copy.cause = redactArg(error.cause, redact);
  return copy;
}

/**
 * An argument with secrets redacted. A top-level Error stays an Error (the sink decides on its
 * stack). An Error inside a data object stays a redacted Error too (the JSON format writes it
 * as {name, message}), whose toJSON is its "Name: message" line, so a sink that JSON-encodes
 * its data (where an Error would come out as {}) still shows what failed.
 */
function redactArg(arg: unknown, redact: Redactor): unknown {
  if (arg instanceof Error) return redactError(arg, redact);
  if (isPlainObject(arg)) {
    return Object.fromEntries(
      Object.entries(arg).map(([k, v]) => [
        k,
        v instanceof Error ? lineJsonError(v, redact) : redactValue(v, redact),
      ]),
    );
  }
  return redactValue(arg, redact);
}

function lineJsonError(error: Error, redact: Redactor): Error {
  const copy = redactError(error, redact);
  const line = redact(errorLine(error, false));
  Object.defineProperty(copy, "toJSON", { value: () => line, enumerable: false });
  return copy;
}

/**
 * A logger whose every argument (strings, Errors, data objects, in either call style) passes
 * through `redact` before `inner` sees it. Methods `inner` lacks fall back to a near level.
 */
export function redactingLogger(inner: Logger, redact: Redactor): ElizaLogger {
  const fallback: Record<Method, keyof Logger> = {
    trace: "debug",
    debug: "debug",
    info: "info",
    success: "info",
    progress: "info",
    log: "info",
    warn: "warn",
    error: "error",
    fatal: "error",
  };
  const wrap =
    (name: Method): LogFn =>
    (...args) => {
      if (printsAt.get(inner)?.(name) === false) return;
      const target = inner[name] ?? inner[fallback[name]];
      target?.call(inner, ...args.map((a) => redactArg(a, redact)));
    };
  const innerFull = inner as Partial<ElizaLogger>;
  const logger = {
    get level() {
      return innerFull.level ?? "info";
    },
    set level(value: string) {
      if ("level" in inner) innerFull.level = value;
    },
    clear() {
      innerFull.clear?.();
    },
    child(bindings: Record<string, unknown>): ElizaLogger {
      const safe = redactArg(bindings, redact) as Record<string, unknown>;
      const child = innerFull.child ? innerFull.child(safe) : inner;
      return redactingLogger(child, redact);
    },
  } as ElizaLogger;
  const own = {} as Record<Method, LogFn>;
  for (const name of METHODS) logger[name] = own[name] = wrap(name);
  printsAt.set(
    logger,
    (name) => logger[name] !== own[name] || printsAt.get(inner)?.(name) !== false,
  );
  return logger;
}

/**
 * Whether a line of this method on this logger is dropped for its level: true only for a
 * logger made here (or a redacting one over it) whose level is above the method's.
 */
export function dropsAt(logger: object, name: Method): boolean {
  return printsAt.get(logger)?.(name) === false;
}

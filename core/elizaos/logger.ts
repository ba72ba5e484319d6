// elizaOS's `logger` singleton and its helpers, over eliza-edge's console logger (so one sink
// and one line format for everything). The level starts at "info" and is settable:
// `logger.level = "debug"`; nothing is read from the environment at module load.
import {
  createConsoleLogger,
  type ElizaLogger,
  type LogEntry,
  setSharedJsonLogs,
  sharedJsonLogs,
} from "../kernel/index.ts";

export type LogListener = (entry: LogEntry) => void;

const listeners = new Set<LogListener>();
// LOG_JSON_FORMAT for the compat loggers: elizaOS reads it from the environment at load; here the
// first agent built with it switches it on (kernel/logging/shared-format.ts), since core reads
// no env itself.

/** Switches the compat loggers (`logger`, createLogger's, their children) to JSON lines. */
export const setLogJsonFormat = setSharedJsonLogs;
const recent: string[] = [];
const RECENT_LIMIT = 100;

function record(entry: LogEntry): void {
  recent.push(`[${new Date(entry.time).toISOString()}] ${entry.level}: ${entry.msg}`);
  if (recent.length > RECENT_LIMIT) recent.shift();
  for (const listener of listeners) {
    try {
      listener(entry);
    } catch {
      // A failing listener must not break the caller's log line.
    }
  }
}

/** elizaOS's level numbers (pino's, plus log/progress/success). */
export const customLevels: Record<string, number> = {
  fatal: 60,
  error: 50,
  warn: 40,
  info: 30,
  log: 29,
  progress: 28,
  success: 27,
  debug: 20,
  trace: 10,
};

/** A logger; `bindings` are added to every line, `bindings.level` sets its level. */
export function createLogger(bindings: Record<string, unknown> | boolean = false): ElizaLogger {
  const { level, ...rest } = typeof bindings === "object" && bindings ? bindings : {};
  return createConsoleLogger(typeof level === "string" ? level : "info", {
    bindings: rest,
    onEntry: record,
    json: sharedJsonLogs,
  });
}

export const logger: ElizaLogger = createLogger();
export const elizaLogger: ElizaLogger = logger;

/** Calls `listener` with every line the compat loggers print; returns an unsubscribe. */
export function addLogListener(listener: LogListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function removeLogListener(listener: LogListener): void {
  listeners.delete(listener);
}

/** The last lines printed, oldest first, one per line. */
export function recentLogs(): string {
  return recent.join("\n");
}

export const __loggerTestHooks = { __noop: (): void => {} };

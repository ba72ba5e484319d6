// A leveled logger over console, the one sink every runtime has. Targets may pass their own;
// the runtime wraps whichever it gets in redactingLogger, so secrets never reach a line.
import { type Redactor, redactValue } from "./redact.ts";

export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

export function createConsoleLogger(level: LogLevel = "info"): Logger {
  const min = LEVELS[level] ?? LEVELS.info;
  const emit =
    (name: Exclude<LogLevel, "silent">) => (message: string, data?: Record<string, unknown>) => {
      if (LEVELS[name] < min) return;
      const line = data ? `${message} ${JSON.stringify(data)}` : message;
      console[name === "debug" ? "log" : name](`[eliza-edge] ${name}: ${line}`);
    };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}

export const silentLogger: Logger = createConsoleLogger("silent");

/** A logger whose messages and data pass through `redact` before `inner` sees them. */
export function redactingLogger(inner: Logger, redact: Redactor): Logger {
  const wrap = (name: keyof Logger) => (message: string, data?: Record<string, unknown>) =>
    inner[name](
      redact(message),
      data === undefined ? undefined : (redactValue(data, redact) as Record<string, unknown>),
    );
  return { debug: wrap("debug"), info: wrap("info"), warn: wrap("warn"), error: wrap("error") };
}

// Leveled logging over console, JSON lines (LOG_JSON_FORMAT) and redaction of secrets.
export { envLogger } from "./env-logger.ts";
export { lazyChild } from "./lazy-child.ts";
export {
  type ConsoleLoggerOptions,
  createConsoleLogger,
  type ElizaLogger,
  jsonLogFormat,
  jsonLogFormatOr,
  type LogEntry,
  type LogFn,
  type Logger,
  type LogLevel,
  redactingLogger,
  silentLogger,
} from "./logger.ts";
export {
  createRedactor,
  errorText,
  REDACTED,
  type Redactor,
  redactorForEnv,
  redactValue,
  secretValues,
} from "./redact.ts";
export { setSharedJsonLogs, sharedJsonLogs } from "./shared-format.ts";

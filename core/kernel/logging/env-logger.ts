// The logger for lines written where no runtime is at hand (an unhandled HTTP error, failed
// background work, a Lambda event nobody recognised): the same LOG_LEVEL, LOG_JSON_FORMAT and
// env-secret redaction as the runtime's, so a deployment's log stays one format throughout.
import {
  createConsoleLogger,
  type ElizaLogger,
  jsonLogFormatOr,
  redactingLogger,
} from "./logger.ts";
import { redactorForEnv } from "./redact.ts";

/**
 * `jsonByDefault`: JSON lines when LOG_JSON_FORMAT is set nowhere, as the edge targets log
 * (the app passes its option; see AppOptions.jsonLogsByDefault).
 */
export function envLogger(env: Record<string, unknown>, jsonByDefault = false): ElizaLogger {
  const level = typeof env.LOG_LEVEL === "string" && env.LOG_LEVEL ? env.LOG_LEVEL : "info";
  return redactingLogger(
    createConsoleLogger(level, { json: jsonLogFormatOr(env.LOG_JSON_FORMAT, jsonByDefault) }),
    redactorForEnv(env),
  );
}

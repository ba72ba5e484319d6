// How a Node script reports that it could not do its job: one line on stderr, never a stack,
// with the env's secrets (API keys, the DATABASE_URL password) redacted.
import { describeError, redactorForEnv } from "../../core/index.ts";

export function failureLine(what: string, error: unknown, env: Record<string, unknown>): string {
  return redactorForEnv(env)(`${what}: ${describeError(error)}`);
}

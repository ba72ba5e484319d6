// Which errors came out of a model handler. A published elizaOS plugin throws its own error
// types (and its callers may catch them by class), so a failure is not rewrapped: it is
// remembered here with the provider that threw it, and the HTTP layer answers it as the model's
// failure (502) rather than as an unknown one (503).
import { ModelError } from "./types.ts";

const failures = new WeakMap<object, string>();

/**
 * Records `error` as thrown by `provider`'s model handler and returns what to rethrow: the
 * error itself, or a ModelError for a thrown value that is not an object (a string).
 */
export function markModelFailure(error: unknown, provider: string): unknown {
  if (typeof error !== "object" || error === null) {
    return new ModelError(provider, String(error));
  }
  if (!failures.has(error)) failures.set(error, provider);
  return error;
}

/** The provider whose model handler threw `error`, if one did. */
export function modelFailureOf(error: unknown): string | undefined {
  if (error instanceof ModelError) return error.provider;
  if (typeof error !== "object" || error === null) return undefined;
  return failures.get(error);
}

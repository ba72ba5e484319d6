// Waiting for background work (a turn in waitUntil, a task loop, a child process) to make a
// condition true. The condition is the signal; the guard only turns a hang into a clear failure
// naming what never happened, so it is far longer than any loaded machine needs. A test that
// uses it needs a timeout above the guard (GUARDED_TEST_MS), or vitest's own fires first with a
// message that names nothing.
export const GUARD_MS = 90_000;
export const GUARDED_TEST_MS = GUARD_MS + 60_000;

/**
 * Resolves with the first truthy value of `check`, polled every `pollMs`; throws
 * "timed out after 90 s waiting for <what>" (plus `detail()`, e.g. the state seen last) once the
 * guard passes.
 */
export async function eventually<T>(
  what: string,
  check: () => T | Promise<T>,
  options: { guardMs?: number; pollMs?: number; detail?: () => string | Promise<string> } = {},
): Promise<NonNullable<T>> {
  const guardMs = options.guardMs ?? GUARD_MS;
  const deadline = Date.now() + guardMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) {
      const detail = options.detail ? `: ${await options.detail()}` : "";
      throw new Error(`timed out after ${guardMs / 1000} s waiting for ${what}${detail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 25));
  }
}

// "typing…" for as long as a turn runs: the platform's action sent at once and again before
// it fades (Telegram shows it 5 s, Discord 10 s), until the turn's first reply or its end.
// Best effort: a failed chat action never fails a turn. Timers live only while a turn runs.

/** No turn shows "typing…" longer than this, whatever happens to its end event. */
const TYPING_MAX_MS = 2 * 60_000;
const RUNNING_LIMIT = 1000;

export interface TypingLoop {
  start(runId: string, send: () => Promise<unknown>, onError: (error: unknown) => void): void;
  stop(runId: string): void;
}

export function typingLoop(repeatMs: number): TypingLoop {
  const running = new Map<string, () => void>();
  return {
    start(runId, send, onError) {
      if (running.has(runId)) return;
      const once = () => void send().catch(onError);
      once();
      const repeat = setInterval(once, repeatMs);
      const cap = setTimeout(() => stop(), TYPING_MAX_MS);
      const stop = () => {
        clearInterval(repeat);
        clearTimeout(cap);
        running.delete(runId);
      };
      if (running.size >= RUNNING_LIMIT) for (const end of [...running.values()]) end();
      running.set(runId, stop);
    },
    stop(runId) {
      running.get(runId)?.();
    },
  };
}

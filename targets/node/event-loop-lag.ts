// How late this process runs its work: the event loop's delay over the last second (the most
// a timer fired late), from Node's own monitor. A server whose turns fill its thread (their
// JavaScript; SQL too with PGLITE_WORKER=false) reads new requests late when saturated; past
// MAX_EVENT_LOOP_DELAY_MS it sheds turns instead of letting every request wait longer.
import { monitorEventLoopDelay } from "node:perf_hooks";

export interface EventLoopLag {
  /** The most the loop was late in the last window, in ms. */
  readonly lateMs: number;
  stop(): void;
}

const WINDOW_MS = 1_000;

export function watchEventLoop(): EventLoopLag {
  const histogram = monitorEventLoopDelay({ resolution: 20 });
  histogram.enable();
  let lateMs = 0;
  const timer = setInterval(() => {
    lateMs = histogram.max / 1e6;
    histogram.reset();
  }, WINDOW_MS);
  timer.unref();
  return {
    get lateMs() {
      return lateMs;
    },
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

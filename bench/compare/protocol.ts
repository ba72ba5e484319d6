// What each framework's child process does, written once so both run the same script: start,
// answer one message (cold start), warm up, then time 1,000 messages one after another and
// report per-message overhead with the scripted model's own time taken out, and peak RSS.
// The child speaks to the parent in one JSON line per event on stdout, prefixed `BENCH `.

/** The plan both scripted models return at once: one REPLY, so both pipelines take their simple path. */
export const SCRIPTED_PLAN =
  "<response><thought>Answer briefly.</thought><actions>REPLY</actions><providers></providers>" +
  "<text>Hello from the scripted model.</text></response>";

export const MESSAGES = 1000;
export const WARMUP = 50;

export interface BenchAgent {
  /** Sends one user message through the framework's pipeline; resolves with the reply text. */
  reply(text: string): Promise<string>;
}

/** Wraps the scripted model so the time spent inside it can be subtracted from each message. */
export function scriptedModelClock() {
  let spentMs = 0;
  return {
    answer(): string {
      const started = performance.now();
      const plan = SCRIPTED_PLAN;
      spentMs += performance.now() - started;
      return plan;
    },
    spent: () => spentMs,
  };
}

export type ChildEvent =
  | { type: "first-reply"; sinceProcessStartMs: number; text: string }
  | {
      type: "done";
      overheadMs: number[];
      /** The process's CPU (user + system, every thread) over the measured messages, per message. */
      cpuPerMessageMs: number;
      /** The clock over the measured messages, per message (the scripted model's time included). */
      wallPerMessageMs: number;
      maxRssBytes: number;
      heapUsedBytes: number;
    };

export function emit(event: ChildEvent): void {
  process.stdout.write(`BENCH ${JSON.stringify(event)}\n`);
}

export async function runChild(
  start: () => Promise<BenchAgent>,
  model: ReturnType<typeof scriptedModelClock>,
): Promise<void> {
  const agent = await start();
  const first = await agent.reply("Hello there!");
  // performance.now() counts from the process's time origin, so this is start → first reply.
  emit({ type: "first-reply", sinceProcessStartMs: performance.now(), text: first });

  for (let i = 0; i < WARMUP; i++) await agent.reply(`warm-up message ${i}`);
  const overheadMs: number[] = [];
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  for (let i = 0; i < MESSAGES; i++) {
    const modelBefore = model.spent();
    const started = performance.now();
    await agent.reply(`message number ${i}: how are you today?`);
    const elapsed = performance.now() - started;
    overheadMs.push(elapsed - (model.spent() - modelBefore));
  }
  const wallPerMessageMs = (performance.now() - wallBefore) / MESSAGES;
  const cpu = process.cpuUsage(cpuBefore);
  emit({
    type: "done",
    overheadMs,
    cpuPerMessageMs: (cpu.user + cpu.system) / 1000 / MESSAGES,
    wallPerMessageMs,
    // ru_maxrss is the process's peak resident set, in kilobytes on Linux.
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    heapUsedBytes: process.memoryUsage().heapUsed,
  });
}

// What both frameworks' children in the goal-1 bench (bench/turn-cpu.ts) share: the
// configuration the parent passes in env, the plugins of the actions/providers sweep, and the
// measuring loop. Each child builds its agent, fills the room, warms up, then sends MESSAGES
// messages one after another and reports the process's CPU time (user + system, every thread)
// per message beside the clock, as one `BENCH {json}` line on stdout.

export interface TurnConfig {
  /** Messages already in the room before the measured ones. */
  roomSize: number;
  messages: number;
  warmup: number;
  /** Registered actions beyond the built-ins (the sweep). */
  actions: number;
  /** Registered providers beyond the built-ins (the sweep). */
  providers: number;
}

export interface TurnResult {
  /** Process CPU (user + system) over the measured messages, divided by their number. */
  cpuPerMessageMs: number;
  wallPerMessageMs: number;
  wallP50Ms: number;
  wallP99Ms: number;
  cpuP99Ms: number;
}

export function readConfig(env: Record<string, string | undefined>): TurnConfig {
  const int = (name: string, fallback: number) => Number(env[name] ?? fallback);
  return {
    roomSize: int("TURN_ROOM_SIZE", 10),
    messages: int("TURN_MESSAGES", 300),
    warmup: int("TURN_WARMUP", 50),
    actions: int("TURN_ACTIONS", 0),
    providers: int("TURN_PROVIDERS", 0),
  };
}

/** The plan both scripted models return: one REPLY, the simple path of both pipelines. */
export const PLAN =
  "<response><thought>Answer briefly.</thought><actions>REPLY</actions><providers></providers>" +
  "<text>Hello from the scripted model.</text></response>";

/**
 * `count` actions shaped as a typical plugin writes them (a description, similes, one example,
 * an async validate that passes): every one is offered to the planner on every turn.
 */
export function sweepActions(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    name: `SWEEP_ACTION_${i}`,
    description: `Sweep action number ${i}: does one small thing when the user asks for it.`,
    similes: [`SWEEP_${i}`, `DO_THING_${i}`],
    examples: [
      [
        { name: "{{name1}}", content: { text: `please do thing ${i}` } },
        {
          name: "{{agentName}}",
          content: { text: `Doing thing ${i}.`, actions: [`SWEEP_ACTION_${i}`] },
        },
      ],
    ],
    validate: async () => true,
    handler: async () => undefined,
  }));
}

/** `count` providers, each a line of text; neither dynamic nor private, so each runs every turn. */
export function sweepProviders(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    name: `SWEEP_PROVIDER_${i}`,
    description: `Sweep provider number ${i}.`,
    get: async () => ({
      text: `Sweep provider ${i}: the value is ${i * 7}.`,
      values: { [`sweep${i}`]: i },
      data: {},
    }),
  }));
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
};

/** Warms up, then measures `config.messages` calls of `send`; prints the result line. */
export async function measureTurns(
  config: TurnConfig,
  send: (text: string) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < config.warmup; i++) await send(`warm-up message ${i}`);
  const wall: number[] = [];
  const cpu: number[] = [];
  const startedCpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < config.messages; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    await send(`message number ${i}: how are you today?`);
    wall.push(performance.now() - t);
    const spent = process.cpuUsage(c);
    cpu.push((spent.user + spent.system) / 1000);
  }
  const elapsed = performance.now() - started;
  const spent = process.cpuUsage(startedCpu);
  const result: TurnResult = {
    cpuPerMessageMs: (spent.user + spent.system) / 1000 / config.messages,
    wallPerMessageMs: elapsed / config.messages,
    wallP50Ms: percentile(wall, 50),
    wallP99Ms: percentile(wall, 99),
    cpuP99Ms: percentile(cpu, 99),
  };
  process.stdout.write(`BENCH ${JSON.stringify(result)}\n`);
}

// `npm run bench:tasks`: tasks claimed and run per second, per backend, for 1,000 due tasks
// drained by one tick loop (claim with a lease, run a no-op worker, release, delete).
import {
  AgentRuntime,
  parseCharacter,
  runDueTasks,
  type StorageOp,
  type UUID,
} from "../core/index.ts";
import { backends } from "./backends.ts";

const TASKS = 1000;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

console.log(`Tasks claimed + run per second (${TASKS} due tasks, one tick loop, concurrency 4)\n`);
console.log("| backend | seconds | tasks/s |");
console.log("|---|---|---|");
for (const [name, open] of Object.entries(backends)) {
  const { storage, close } = await open();
  try {
    const runtime = new AgentRuntime({
      character: parseCharacter({ name: "Bench" }),
      storage,
      logger: quiet,
    });
    runtime.registerTaskWorker({ name: "NOOP", execute: async () => {} });
    const now = Date.now();
    const ops: StorageOp[] = Array.from({ length: TASKS }, (_, i) => ({
      op: "createTask",
      task: {
        id: crypto.randomUUID() as UUID,
        name: "NOOP",
        agentId: runtime.agentId,
        tags: ["queue"],
        dueAt: now - i,
      },
    }));
    for (let i = 0; i < ops.length; i += 50) await storage.batch(ops.slice(i, i + 50));
    const started = performance.now();
    let done = 0;
    while (done < TASKS) {
      const report = await runDueTasks(runtime, { limit: TASKS, budgetMs: 600_000 });
      done += report.succeeded;
      if (report.ran === 0) break;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`| ${name} | ${seconds.toFixed(2)} | ${Math.round(done / seconds)} |`);
  } finally {
    await close();
  }
}

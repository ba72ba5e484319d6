// One Lambda container, as the Lambda bench runs it in a process of its own: loads the
// handler module (BENCH_HANDLER, a file URL) as Lambda's runtime does, sends it API Gateway
// HTTP API events (POST /api/messages), and reports on stdout, one `BENCH ` JSON line each:
// the first reply with the CPU its module load and first invocation took (the parent reads the
// whole process's CPU then, and answers on stdin), then, if
// asked, BENCH_WARM more invocations (after a few untimed ones), each timed by the clock and
// by this process's CPU.
import { createInterface } from "node:readline";
import { v2Event } from "../../test/support/lambda-events.ts";

type Handler = (event: unknown) => Promise<{ statusCode: number; body?: string }>;

// Neon's driver sends POST /sql to the database's host: here, the local shim.
const neonSql = process.env.BENCH_NEON_SQL_URL;
if (neonSql) {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    return realFetch(url.endsWith("/sql") ? neonSql : input, init);
  };
}

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const emit = (event: object) => process.stdout.write(`BENCH ${JSON.stringify(event)}\n`);

const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const beforeImport = cpuNow();
const { handler } = (await import(process.env.BENCH_HANDLER!)) as { handler: Handler };
const imported = cpuNow();
async function invoke(text: string): Promise<string> {
  const result = await handler(
    v2Event({
      method: "POST",
      path: "/api/messages",
      headers: {
        authorization: `Bearer ${process.env.API_TOKEN ?? ""}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ text, userId: "bench-user" }),
    }),
  );
  const reply = (JSON.parse(result.body ?? "{}") as { replies?: { text?: string }[] }).replies?.[0]
    ?.text;
  if (result.statusCode !== 200 || !reply) {
    throw new Error(`invocation answered ${result.statusCode}: ${result.body}`);
  }
  return reply;
}

const text = await invoke("Hello there!");
// This process's CPU spent loading the handler module, then on the first invocation.
emit({
  type: "first-reply",
  text,
  importCpuMs: imported - beforeImport,
  firstCpuMs: cpuNow() - imported,
});
const warm = Number((await lines.next()).value === "go" ? process.env.BENCH_WARM : 0);
const wallMs: number[] = [];
const cpuMs: number[] = [];
// The first invocations warm the JIT and the connection pools; a container's steady state,
// which most invocations of a busy function meet, follows.
const WARMUP = 20;
for (let i = 0; i < warm + WARMUP; i++) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await invoke(`message number ${i}: how are you today?`);
  const used = process.cpuUsage(cpu);
  if (i < WARMUP) continue;
  wallMs.push(performance.now() - started);
  cpuMs.push((used.user + used.system) / 1000);
}
emit({ type: "done", wallMs, cpuMs });
process.exit(0);

// The Workers the workerd bench runs: a bare one (the floor: a constant Response) and the real
// Worker (targets/cloudflare/main.ts, bundled as the tests bundle it) with the settings of
// wrangler.toml's [vars], on the in-isolate memory store (ALLOW_NO_DATABASE) or on D1.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { WorkerOptions } from "miniflare";
import { bundleForWorkers } from "../../test/support/bundle-check.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

export const API_TOKEN = "workerd-bench-token";

/** What each Worker is, by the host it is routed on. */
export type WorkerKind = "bare" | "memory" | "d1";
/** The same Workers built from BENCH_WORKERD_BEFORE's checkout, beside them in the same run. */
export type BeforeKind = "memory-before" | "d1-before";
export type AnyKind = WorkerKind | BeforeKind;

/** BENCH_WORKERD_BEFORE: another checkout (main, say) whose Worker runs beside this one. */
export const beforeCheckout = () => process.env.BENCH_WORKERD_BEFORE || undefined;
export const BEFORE_KINDS: BeforeKind[] = ["memory-before", "d1-before"];
const storageOf = (kind: AnyKind) => kind.replace("-before", "") as WorkerKind;

export const BARE_WORKER = `export default { fetch() { return new Response("ok"); } };`;

/** wrangler.toml's compatibility_date and [vars], as a deploy gives them to the Worker. */
export function wranglerSettings(): { compatibilityDate: string; vars: Record<string, string> } {
  const toml = readFileSync(`${root}wrangler.toml`, "utf8");
  const compatibilityDate = /^compatibility_date = "([\d-]+)"$/m.exec(toml)?.[1];
  if (!compatibilityDate) throw new Error("wrangler.toml has no compatibility_date");
  const vars: Record<string, string> = {};
  const block = /^\[vars\]\n([\s\S]*?)(?=^\[|$(?![\s\S]))/m.exec(toml)?.[1] ?? "";
  for (const [, name, value] of block.matchAll(/^([A-Z_][A-Z0-9_]*) = "([^"]*)"$/gm)) {
    vars[name!] = value!;
  }
  return { compatibilityDate, vars };
}

const bundled = new Map<string, Promise<string>>();

/** The deployable Worker's bundle (of `checkout`, default this one), made once per process. */
export function agentWorkerCode(checkout = root): Promise<string> {
  const entry = `${checkout.replace(/\/?$/, "/")}targets/cloudflare/main.ts`;
  let code = bundled.get(entry);
  if (!code) {
    code = bundleForWorkers(entry).then((b) => {
      if (b.nodeImports.length) throw new Error(`node: imports in the Worker: ${b.nodeImports}`);
      return b.code;
    });
    bundled.set(entry, code);
  }
  return code;
}

export const hostOf = (kind: AnyKind) => `${kind}.workerd-bench.test`;

/**
 * The Miniflare options of one Worker. The per-minute rate limits are off (a bench user sends
 * hundreds of messages a minute); everything else is as deployed.
 */
export async function workerOptions(kind: AnyKind): Promise<WorkerOptions> {
  const { compatibilityDate, vars } = wranglerSettings();
  const common = { name: kind, modules: true, compatibilityDate, routes: [`${hostOf(kind)}/*`] };
  if (kind === "bare") return { ...common, script: BARE_WORKER };
  const bindings = {
    ...vars,
    API_TOKEN,
    RATE_LIMIT_USER_PER_MINUTE: "0",
    RATE_LIMIT_ROOM_PER_MINUTE: "0",
    ...(storageOf(kind) === "memory" ? { ALLOW_NO_DATABASE: "true" } : {}),
  };
  const before = kind.endsWith("-before") ? beforeCheckout() : undefined;
  if (kind.endsWith("-before") && !before) throw new Error(`${kind} needs BENCH_WORKERD_BEFORE`);
  return {
    ...common,
    script: await agentWorkerCode(before),
    bindings,
    // The before Worker shares the database (and the bridge that migrated it): both read
    // the same room as it grows.
    ...(storageOf(kind) === "d1" ? { d1Databases: { DB: "DB" } } : {}),
  };
}

/** One message to the Worker, the same request to every kind (the bare one ignores it). */
export function messageRequest(kind: AnyKind, i: number): [string, RequestInit] {
  return [
    `http://${hostOf(kind)}/api/messages`,
    {
      method: "POST",
      headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({
        text: MESSAGES[i % MESSAGES.length],
        userId: "bench-user",
        roomId: "bench-room",
      }),
    },
  ];
}

const MESSAGES = [
  "Hello, how are you today?",
  "I feel a bit tired after work.",
  "My mother says I should rest more.",
  "Can you remind me what we talked about?",
  "I think I need a holiday somewhere warm.",
  "Why do you ask so many questions?",
  "Perhaps you are right about that.",
  "I dreamed about the sea last night.",
];

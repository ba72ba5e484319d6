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

let bundled: Promise<string> | undefined;

/** The deployable Worker's bundle, made once per process. */
export function agentWorkerCode(): Promise<string> {
  bundled ??= bundleForWorkers(`${root}targets/cloudflare/main.ts`).then((b) => {
    if (b.nodeImports.length) throw new Error(`node: imports in the Worker: ${b.nodeImports}`);
    return b.code;
  });
  return bundled;
}

export const hostOf = (kind: WorkerKind) => `${kind}.workerd-bench.test`;

/**
 * The Miniflare options of one Worker. The per-minute rate limits are off (a bench user sends
 * hundreds of messages a minute); everything else is as deployed.
 */
export async function workerOptions(kind: WorkerKind): Promise<WorkerOptions> {
  const { compatibilityDate, vars } = wranglerSettings();
  const common = { name: kind, modules: true, compatibilityDate, routes: [`${hostOf(kind)}/*`] };
  if (kind === "bare") return { ...common, script: BARE_WORKER };
  const bindings = {
    ...vars,
    API_TOKEN,
    RATE_LIMIT_USER_PER_MINUTE: "0",
    RATE_LIMIT_ROOM_PER_MINUTE: "0",
    ...(kind === "memory" ? { ALLOW_NO_DATABASE: "true" } : {}),
  };
  return {
    ...common,
    script: await agentWorkerCode(),
    bindings,
    ...(kind === "d1" ? { d1Databases: { DB: "DB" } } : {}),
  };
}

/** One message to the Worker, the same request to every kind (the bare one ignores it). */
export function messageRequest(kind: WorkerKind, i: number): [string, RequestInit] {
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

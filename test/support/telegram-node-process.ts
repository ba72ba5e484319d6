// A Node process that serves the Telegram webhook on embedded PGlite the way the edge targets
// do (connectorsFromEnv, the inbox in the background, the task loop for what a crash left
// behind), for tests that kill it with SIGKILL and start it again on the same directory.
// CLOCK_OFFSET_MS moves its clock forward, so a restarted process sees the dead one's leases
// as expired without the test waiting minutes.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { connectorsFromEnv } from "../../connectors/index.ts";
import { characterAgentId, createAgent, createApp, parseCharacter } from "../../core/index.ts";
import { storageFromEnv } from "../../targets/node/storage.ts";
import { startTaskLoop } from "../../targets/node/task-loop.ts";

const env = process.env;
const offset = Number(env.CLOCK_OFFSET_MS ?? 0);
const now = () => Date.now() + offset;
const character = parseCharacter({ name: "Crashy", bio: ["Answers once."] });
const storage = await storageFromEnv(env, { agentId: characterAgentId(character) });
const { connectors, plugins } = connectorsFromEnv(env);
const runtime = await createAgent({ character, storage, env, plugins, now });
const app = createApp({
  getAgent: async () => runtime,
  env: () => env,
  openWithoutToken: true,
  connectors,
  // A long-lived process: background work simply runs on.
  waitUntil: () => {},
});
startTaskLoop(runtime, Number(env.TASK_INTERVAL_MS ?? 200));
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => {
  const { port } = server.address() as AddressInfo;
  console.log(`listening on http://127.0.0.1:${port}`);
});

// The shared app over memory storage and a scripted model, with its typed client (hono's `hc`
// through app.request), for the HTTP tests of runs, tasks and the OpenAPI document.
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { createClient } from "../../core/http/client.ts";
import { type AgentRuntime, createAgent, createApp, parseCharacter } from "../../core/index.ts";
import { type ScriptedModel, scriptedModel } from "./scripted-model.ts";

export const API_TOKEN = "api-test-token-0123456789";
export const CRON_SECRET = "cron-secret-0123456789abcdef";

export interface ApiApp {
  runtime: AgentRuntime;
  model: ScriptedModel;
  app: ReturnType<typeof createApp>;
  client: ReturnType<typeof createClient>;
  /** The clock the agent and its storage read; tests move it. */
  clock: { now: number };
}

export async function apiApp(env: Record<string, string> = {}): Promise<ApiApp> {
  const clock = { now: Date.UTC(2030, 5, 1, 12) };
  const now = () => clock.now;
  const model = scriptedModel("<response><actions>REPLY</actions><text>Noted.</text></response>");
  const runtime = await createAgent({
    character: parseCharacter({ name: "Ada", bio: ["Ada keeps records."] }),
    storage: createMemoryStorage({ now }),
    plugins: [model.plugin],
    env,
    now,
    logger: { debug() {}, info() {}, warn() {}, error() {} },
  });
  const settings = { API_TOKEN, CRON_SECRET, ...env };
  const app = createApp({ getAgent: async () => runtime, env: () => settings, version: "1.2.3" });
  const client = createClient("http://agent.test", {
    token: API_TOKEN,
    fetch: async (input, init) =>
      app.request(input instanceof Request ? input : String(input), init),
  });
  return { runtime, model, app, client, clock };
}

// A Worker serving the connectors from connectorsFromEnv over the memory adapter: proves they
// bundle without node: imports, verify Ed25519 with workerd's WebCrypto and reply from
// ctx.waitUntil. The deployable Worker lives in targets/cloudflare.
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { connectorsFromEnv } from "../../connectors/index.ts";
import { type AgentRuntime, createAgent, createApp, parseCharacter } from "../../core/index.ts";

type Env = Record<string, unknown>;
let agent: Promise<AgentRuntime> | undefined;
let app: ReturnType<typeof createApp> | undefined;

export default {
  fetch(request: Request, env: Env, ctx: { waitUntil(p: Promise<unknown>): void }) {
    const { connectors, plugins } = connectorsFromEnv(env);
    app ??= createApp({
      getAgent: () => {
        agent ??= createAgent({
          character: parseCharacter({ name: "Eliza" }),
          storage: createMemoryStorage(),
          env,
          plugins,
        });
        return agent;
      },
      connectors,
      waitUntil: (_c, work) => ctx.waitUntil(work),
    });
    return app.fetch(request, env, ctx as never);
  },
};

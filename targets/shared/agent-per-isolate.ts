// One agent per isolate (Worker), container (Lambda) or instance (Vercel), built inside the
// first request that needs it: platforms forbid I/O at module load, and the env (bindings,
// secrets) only arrives with a request. The agent holds plugins and settings, never a
// request's state, so concurrent requests share it safely.
import type { AgentRuntime } from "../../core/index.ts";

export type AgentFactory<Env> = (env: Env) => Promise<AgentRuntime>;

export function agentPerIsolate<Env>(build: AgentFactory<Env>): AgentFactory<Env> {
  let agent: Promise<AgentRuntime> | undefined;
  return (env) => {
    if (!agent) {
      const building = build(env);
      agent = building;
      // A start that failed (database down) is not cached: the next request tries again.
      building.catch(() => {
        if (agent === building) agent = undefined;
      });
    }
    return agent;
  };
}

// The agent layer: the AgentRuntime users build (the runtime with the message pipeline plugged
// in) and createAgent, the one place that assembles a character, its plugins and the built-ins.
export { AgentRuntime } from "./agent-runtime.ts";
export {
  type CreateAgentOptions,
  createAgent,
  modelPluginsFor,
  type PreparedAgent,
  prepareAgent,
} from "./create-agent.ts";
export { assemblePlugins } from "./plugin-list.ts";

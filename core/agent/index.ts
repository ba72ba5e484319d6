// TODO describe core/agent
export { AgentRuntime } from "./agent-runtime.ts";
export { type CreateAgentOptions, createAgent, modelPluginsFor } from "./create-agent.ts";
export { assemblePlugins } from "./plugin-list.ts";

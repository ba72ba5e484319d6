export { type AgentFactory, agentPerIsolate } from "./agent-per-isolate.ts";
export { characterFromEnv, positiveIntSetting } from "./character.ts";
export { edgeConnectorPlugins, edgeConnectors } from "./connectors.ts";
export { version } from "./version.ts";

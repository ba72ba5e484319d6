export {
  createElizaEngine,
  type ElizaEngine,
  type ElizaEngineOptions,
  warmElizaEngine,
} from "./engine.ts";
export { createElizaPlugin, ELIZA_PLUGIN_NAME } from "./plugin.ts";
export { ELIZA_GREETING } from "./script.ts";

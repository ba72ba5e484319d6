// The plugin contract: what a plugin can contribute and the runtime it receives.
export type * from "./plugin-api.ts";
export type * from "./shapes.ts";

// The runtime's foundations under the plugin contract: the database methods, settings,
// logging, connections, the run log and run ids (RuntimeBase).
export type { ConnectionParams } from "./connections.ts";
export { isFreshAgentRow } from "./database.ts";
export { isStorageAdapter, storageFromElizaAdapter } from "./eliza-adapter.ts";
export { RuntimeBase, type RuntimeBaseOptions } from "./runtime-base.ts";

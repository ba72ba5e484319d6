// TODO describe core/runtime/base
export type { ConnectionParams } from "./connections.ts";
export { RuntimeBase, type RuntimeBaseOptions } from "./runtime-base.ts";

// TODO describe core/runtime/state
export { composeState } from "./compose-state.ts";
export { StateCache } from "./state-cache.ts";

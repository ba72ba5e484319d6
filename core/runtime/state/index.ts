// composeState and its bounded cache.
export { composeState } from "./compose-state.ts";
export { StateCache } from "./state-cache.ts";

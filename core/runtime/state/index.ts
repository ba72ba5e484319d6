// composeState and its bounded cache.
export { composeState } from "./compose-state.ts";
export { type ProviderIndex, providerIndex } from "./provider-index.ts";
export { StateCache } from "./state-cache.ts";

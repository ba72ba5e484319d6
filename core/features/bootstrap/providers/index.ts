// The bootstrap plugin's providers: who the agent is, what it can do, the conversation so far.
export { actionsProvider } from "./actions.ts";
export { capabilitiesProvider } from "./capabilities.ts";
export { characterProvider } from "./character.ts";
export { entitiesProvider } from "./entities.ts";
export { providersProvider } from "./providers-list.ts";
export { recentMessagesProvider } from "./recent-messages.ts";
export { timeProvider } from "./time.ts";

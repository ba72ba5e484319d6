// eliza-edge/elizaos: the @elizaos/core 1.x surface published plugins import. Bundlers alias
// `@elizaos/core` here (see the README's "Bringing an elizaOS agent").
export * from "../index.ts";

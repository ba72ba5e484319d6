// TODO describe core/features/local-embedding
export { createLocalEmbeddingPlugin, embedManyLocally } from "./local-embedding.ts";

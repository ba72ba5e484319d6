// TEXT_EMBEDDING from the local GGUF embedding sidecar (or any server of its protocol).
export { createLocalEmbeddingPlugin, embedManyLocally } from "./local-embedding.ts";

// Ranking text without embeddings: elizaOS's BM25 with the Porter2 stemmer (rerankMemories,
// and the compat entry's BM25 export).
export { BM25, type BM25Options, type SearchResult } from "./bm25.ts";

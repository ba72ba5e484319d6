// What every HTTP model provider shares: a JSON POST with timeouts and retries, server-sent
// event streams, and reading OpenAI-shaped embeddings, objects and image descriptions.
export {
  checkEmbeddingTexts,
  embeddingRequest,
  embeddingResponse,
  orderedEmbeddings,
} from "./embeddings.ts";
export {
  DEFAULT_TIMEOUT_MS,
  type HttpModelOptions,
  type HttpProvider,
  postBytes,
  postJson,
  postStream,
} from "./http.ts";
export {
  type ImageDescription,
  readImageDescription,
  readImageParams,
} from "./image-description.ts";
export { checkObjectParams, objectInstruction, readObjectAnswer } from "./object-request.ts";
export { readBaseUrl, readPositiveInt, readSetting } from "./settings.ts";
export { readServerSentEvents, type ServerSentEvent } from "./sse.ts";
export { parseChunk, streamEvents } from "./stream-read.ts";

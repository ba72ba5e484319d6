// TODO describe core/features/model-http
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
  readBaseUrl,
  readPositiveInt,
  readSetting,
} from "./http.ts";
export {
  type ImageDescription,
  readImageDescription,
  readImageParams,
} from "./image-description.ts";
export { checkObjectParams, objectInstruction, readObjectAnswer } from "./object-request.ts";
export { readServerSentEvents, type ServerSentEvent } from "./sse.ts";
export { parseChunk, streamEvents } from "./stream-read.ts";

// elizaOS's streaming context and stream extractors.
export {
  ActionStreamFilter,
  createStreamingContext,
  createStreamingRetryState,
  type IStreamExtractor,
  type IStreamingRetryState,
  PassthroughExtractor,
  ResponseStreamExtractor,
  XmlTagExtractor,
} from "./stream-extractors.ts";
export {
  getStreamingContext,
  getStreamingContextManager,
  type IStreamingContextManager,
  isStreamableModelType,
  runWithStreamingContext,
  StreamError,
  type StreamErrorCode,
  type StreamingContext,
  setStreamingContextManager,
} from "./streaming.ts";

// elizaOS's streaming context: which message a model call streams into. eliza-edge delivers
// replies whole, so no context is active unless a plugin runs one (runWithStreamingContext);
// the default manager keeps none across awaits (elizaOS's Node build uses AsyncLocalStorage,
// which Workers only have behind a flag), so getStreamingContext() gives undefined.
import { ModelType } from "../../kernel/index.ts";

export interface StreamingContext {
  onStreamChunk: (chunk: string, messageId?: string) => Promise<void>;
  onStreamEnd?: () => void;
  messageId?: string;
  abortSignal?: AbortSignal;
  reset?: () => void;
  getStreamedText?: () => string;
  isComplete?: () => boolean;
}

export interface IStreamingContextManager {
  run<T>(context: StreamingContext | undefined, fn: () => T): T;
  active(): StreamingContext | undefined;
}

const noContext: IStreamingContextManager = {
  run: (_context, fn) => fn(),
  active: () => undefined,
};
let manager: IStreamingContextManager = noContext;

export function setStreamingContextManager(next: IStreamingContextManager): void {
  manager = next;
}

export function getStreamingContextManager(): IStreamingContextManager {
  return manager;
}

export function runWithStreamingContext<T>(context: StreamingContext | undefined, fn: () => T): T {
  return manager.run(context, fn);
}

export function getStreamingContext(): StreamingContext | undefined {
  return manager.active();
}

const STREAMABLE = new Set<string>([
  ModelType.TEXT_SMALL,
  ModelType.TEXT_LARGE,
  ModelType.TEXT_REASONING_SMALL,
  ModelType.TEXT_REASONING_LARGE,
  ModelType.TEXT_COMPLETION,
]);

/** Whether elizaOS would stream this model type's output (text generation). */
export function isStreamableModelType(modelType: string): boolean {
  return STREAMABLE.has(modelType);
}

export type StreamErrorCode = string;

export class StreamError extends Error {
  readonly code: StreamErrorCode;
  readonly details?: Record<string, unknown>;
  constructor(code: StreamErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "StreamError";
    this.code = code;
    this.details = details;
  }
  static isStreamError(error: unknown): error is StreamError {
    return error instanceof StreamError;
  }
}

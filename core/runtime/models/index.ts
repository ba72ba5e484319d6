// The model registry and one model call as useModel makes it: settings, streams, usage, the run.
export { type ModelCallReport, reportModelCall } from "./call-report.ts";
export { generateText } from "./generate-text.ts";
export { callRecorded } from "./model-call.ts";
export { modelSettings, withModelSettings } from "./model-settings.ts";
export {
  applyLlmMode,
  deliverUsage,
  embeddingProbe,
  LLMMode,
  type LLMModeName,
  ModelRegistry,
  modelUsedPayload,
  prepareModelCall,
  readLlmMode,
} from "./registry.ts";
export { type StreamPart, type TextStreamResult, textStreamResult } from "./text-stream.ts";

// TODO describe core/pipeline/messages
export {
  createElizaMessageService,
  type ElizaMessageService,
  type MessageProcessingOptions,
  type MessageProcessingResult,
  type ResponseDecision,
} from "./elizaos-message-service.ts";
export {
  type HandleMessageOptions,
  type HandleMessageResult,
  type MessageCallback,
  type MessageService,
  messageService,
  replyId,
  type TurnObserver,
} from "./message-service.ts";
export { takePrefetched } from "./prefetch.ts";
export { fillTemplateSegments, providerSegments, stableValueNames } from "./segmented-prompt.ts";
export { sendOnce } from "./send-once.ts";
export {
  fillTemplate,
  messageHandlerTemplate,
  replyTemplate,
  shouldRespondTemplate,
} from "./templates.ts";

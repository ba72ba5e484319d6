// The message turn: save -> should-respond -> compose state -> plan -> actions -> evaluators,
// with its run guard, timeout, streaming and send-once delivery.
export {
  createElizaMessageService,
  type ElizaMessageService,
} from "./elizaos-message-service.ts";
export {
  type HandleMessageOptions,
  type HandleMessageResult,
  type MessageCallback,
  type MessageService,
  messageService,
  type TurnObserver,
} from "./message-service.ts";
export { takePrefetched } from "./prefetch.ts";
export { replyId } from "./reply-sender.ts";
export { runTimeoutMs } from "./run-guard.ts";
export { fillTemplateSegments, providerSegments, stableValueNames } from "./segmented-prompt.ts";
export { isWaitingSend, resendWaiting, sendOnce } from "./send-once.ts";
export {
  fillTemplate,
  messageHandlerTemplate,
  replyTemplate,
  shouldRespondTemplate,
} from "./templates.ts";

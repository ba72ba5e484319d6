// A message turn as the HTTP routes run it, shared by every protocol the app speaks: the
// request body and caller ids, rate limits, Idempotency-Key, the turn itself and its events.
export { admitted, type TurnSlot } from "./admitted.ts";
export { type ApiMessage, toApiMessage } from "./api-message.ts";
export { type IdempotentRequest, idempotencyKeyOf, idempotentRequest } from "./idempotency.ts";
export {
  callerId,
  callerIds,
  MAX_MESSAGE_CHARS,
  type SendMessage,
  type SendMessageBody,
  sendMessageBody,
  turnBody,
} from "./message-body.ts";
export { type MessageRetry, messageRetry } from "./message-retry.ts";
export { enforceRateLimit } from "./rate-limit.ts";
export { type SendMessageResult, sendMessage, type TurnOptions } from "./send-message.ts";
export { turnEvents } from "./turn-events.ts";
export { warmUpTurn } from "./warm-up.ts";

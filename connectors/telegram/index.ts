export { botKey, callTelegram, TELEGRAM_API_BASE, type TelegramApi } from "./api.ts";
export { type TelegramOptions, telegramConnector, telegramPlugin } from "./connector.ts";
export { type ParsedUpdate, parseUpdate, type TelegramBot, type TelegramTarget } from "./parse.ts";
export { sendTelegramChunk, TELEGRAM_MESSAGE_LIMIT, telegramSendHandler } from "./send.ts";
export type { TelegramUpdate } from "./types.ts";
export { verifyTelegramSecret } from "./verify.ts";

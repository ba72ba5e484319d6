// TODO describe core/features/anthropic
export { createAnthropicPlugin } from "./anthropic.ts";

// Anthropic's Messages API as a model plugin.
export { createAnthropicPlugin } from "./anthropic.ts";

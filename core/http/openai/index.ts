// OpenAI's chat API (/v1/chat/completions, /v1/models) over the agent, in OpenAI's own shapes.
export { CONVERSATION_HEADER } from "./conversation.ts";
export { openAiErrorShape } from "./error-shape.ts";
export { chatCompletionBody } from "./request.ts";
export { openAiRoutes } from "./routes.ts";

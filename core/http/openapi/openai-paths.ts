// OpenAI's chat API in the OpenAPI document.
import { chatCompletionBody } from "../openai/index.ts";
import { bodySchema, json, ref } from "./helpers.ts";
import {
  chatCompletionChunkSchema,
  chatCompletionSchema,
  openAiErrorSchema,
  openAiModelListSchema,
} from "./protocol-schemas.ts";

const openAiError = (description: string) => json(openAiErrorSchema, description);

const errors = {
  "401": openAiError("API_TOKEN missing or wrong (code invalid_api_key)"),
  "503": openAiError("Storage unavailable; retry later"),
};

export function openAiPaths() {
  return {
    "/v1/models": {
      get: {
        operationId: "openAiModels",
        summary: "OpenAI's model list: the agent is the one model",
        security: [{ apiToken: [] }],
        responses: { "200": json(openAiModelListSchema, "The agent as a model"), ...errors },
      },
    },
    "/v1/chat/completions": {
      post: {
        operationId: "openAiChatCompletion",
        summary:
          "OpenAI's chat completion: the last user message is the turn's message; the room is the conversation's (X-Conversation-Id, else the user and the first user message)",
        security: [{ apiToken: [] }],
        parameters: [
          {
            name: "X-Conversation-Id",
            in: "header",
            required: false,
            description: "1-190 characters: names the conversation's room",
            schema: { type: "string", minLength: 1, maxLength: 190 },
          },
          {
            name: "Idempotency-Key",
            in: "header",
            required: false,
            description: "1-200 characters; a repeat returns the first completion",
            schema: { type: "string", minLength: 1, maxLength: 200 },
          },
        ],
        requestBody: {
          required: true,
          content: { "application/json": { schema: bodySchema(chatCompletionBody()) } },
        },
        responses: {
          "200": {
            description:
              "The completion; with stream: true, `data:` events each a ChatCompletionChunk, then `data: [DONE]`",
            content: {
              "application/json": { schema: ref(chatCompletionSchema) },
              "text/event-stream": {
                schema: { type: "string" },
                itemSchema: ref(chatCompletionChunkSchema),
              },
            },
          },
          "400": openAiError("Malformed JSON, a bad field, or no user message"),
          ...errors,
          "404": openAiError("model does not name this agent (code model_not_found)"),
          "409": openAiError("Idempotency-Key in progress"),
          "413": openAiError("Body over the limit"),
          "429": openAiError("Over a per-minute limit (Retry-After)"),
          "502": openAiError("The model provider failed"),
        },
      },
    },
  };
}

// The answers of the protocols other clients speak (OpenAI's chat API, elizaOS's REST API) and
// of the browser stream's start, as zod schemas in the document's registry (see schemas.ts):
// test/http/openapi.test.ts parses real answers with them.
import * as z from "zod";
import { apiSchemas } from "./schemas.ts";

export const streamStartedSchema = z
  .object({
    streamId: z.string(),
    messageId: z.string(),
    eventsUrl: z.string(),
    expiresAt: z.number(),
  })
  .register(apiSchemas, { id: "StreamStarted" });

export const openAiErrorSchema = z
  .object({
    error: z.object({
      message: z.string(),
      type: z.string(),
      param: z.string().nullable(),
      code: z.string().nullable(),
    }),
  })
  .register(apiSchemas, { id: "OpenAIError" });

export const openAiModelListSchema = z
  .object({
    object: z.literal("list"),
    data: z.array(
      z.object({
        id: z.string(),
        object: z.literal("model"),
        created: z.number(),
        owned_by: z.string(),
      }),
    ),
  })
  .register(apiSchemas, { id: "OpenAIModelList" });

const openAiUsageSchema = z.object({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
});

export const chatCompletionSchema = z
  .object({
    id: z.string(),
    object: z.literal("chat.completion"),
    created: z.number(),
    model: z.string(),
    system_fingerprint: z.null(),
    choices: z.array(
      z.object({
        index: z.number(),
        message: z.object({
          role: z.literal("assistant"),
          content: z.string(),
          refusal: z.null(),
        }),
        logprobs: z.null(),
        finish_reason: z.enum(["stop", "content_filter"]),
      }),
    ),
    usage: openAiUsageSchema.optional(),
  })
  .register(apiSchemas, { id: "ChatCompletion" });

export const chatCompletionChunkSchema = z
  .object({
    id: z.string(),
    object: z.literal("chat.completion.chunk"),
    created: z.number(),
    model: z.string(),
    system_fingerprint: z.null(),
    choices: z.array(
      z.object({
        index: z.number(),
        delta: z.object({
          role: z.literal("assistant").optional(),
          content: z.string().optional(),
        }),
        logprobs: z.null(),
        finish_reason: z.enum(["stop", "content_filter"]).nullable(),
      }),
    ),
    usage: openAiUsageSchema.nullable().optional(),
  })
  .register(apiSchemas, { id: "ChatCompletionChunk" });

export const elizaPingSchema = z
  .object({ pong: z.literal(true), timestamp: z.number() })
  .register(apiSchemas, { id: "ElizaPing" });

export const elizaHealthSchema = z
  .object({
    status: z.literal("OK"),
    version: z.string(),
    timestamp: z.string(),
    dependencies: z.object({ agents: z.literal("healthy") }),
  })
  .register(apiSchemas, { id: "ElizaHealth" });

export const elizaAgentListSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      agents: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          characterName: z.string(),
          bio: z.string(),
          status: z.literal("active"),
        }),
      ),
    }),
  })
  .register(apiSchemas, { id: "ElizaAgentList" });

export const elizaAgentSchema = z
  .object({
    success: z.literal(true),
    data: z.looseObject({
      id: z.string(),
      name: z.string(),
      enabled: z.boolean(),
      status: z.literal("active"),
    }),
  })
  .register(apiSchemas, { id: "ElizaAgent" });

export const elizaSessionSchema = z
  .object({
    sessionId: z.string(),
    channelId: z.string(),
    agentId: z.string(),
    userId: z.string(),
    createdAt: z.string(),
    lastActivity: z.string().optional(),
    metadata: z.record(z.string(), z.unknown()),
  })
  .register(apiSchemas, { id: "ElizaSession" });

export const elizaSessionListSchema = z
  .object({ sessions: z.array(elizaSessionSchema), total: z.number() })
  .register(apiSchemas, { id: "ElizaSessionList" });

export const elizaSessionsHealthSchema = z
  .object({ status: z.literal("healthy"), activeSessions: z.number(), timestamp: z.string() })
  .register(apiSchemas, { id: "ElizaSessionsHealth" });

export const elizaSimplifiedMessageSchema = z
  .object({
    id: z.string(),
    content: z.string(),
    authorId: z.string(),
    isAgent: z.boolean(),
    createdAt: z.string(),
    metadata: z.record(z.string(), z.unknown()),
  })
  .register(apiSchemas, { id: "ElizaSessionMessage" });

export const elizaSessionMessagesSchema = z
  .object({
    messages: z.array(elizaSimplifiedMessageSchema),
    hasMore: z.boolean(),
    cursors: z.object({ before: z.number(), after: z.number() }).optional(),
  })
  .register(apiSchemas, { id: "ElizaSessionMessages" });

const sessionAnswer = z.object({
  userMessage: elizaSimplifiedMessageSchema.omit({ isAgent: true }),
  agentResponse: z.object({ text: z.string(), actions: z.array(z.string()) }),
});

export const elizaSessionAnswerSchema = z
  .object({
    success: z.literal(true),
    ...sessionAnswer.shape,
    data: z.object({ success: z.literal(true), ...sessionAnswer.shape }),
  })
  .register(apiSchemas, { id: "ElizaSessionAnswer" });

export const elizaDeletedSchema = z
  .object({ success: z.literal(true), message: z.string() })
  .register(apiSchemas, { id: "ElizaDeleted" });

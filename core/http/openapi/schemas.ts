// The REST API's answers as zod schemas: the OpenAPI document's components are generated from
// them (document.ts), and test/http/openapi.test.ts parses real answers with them, so the
// document cannot drift from what the routes send. Not imported by the app: no Worker bytes.
import * as z from "zod";

/** Every answer schema, by the name its component gets. */
export const apiSchemas = z.registry<{ id: string }>();

export const errorSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .register(apiSchemas, { id: "Error" });

export const apiMessageSchema = z
  .object({
    id: z.string().nullable(),
    role: z.enum(["user", "agent"]),
    name: z.string(),
    text: z.string(),
    actions: z.array(z.string()),
    createdAt: z.number(),
    inReplyTo: z.string().nullable(),
  })
  .register(apiSchemas, { id: "Message" });

const usageSchema = z
  .object({
    promptTokens: z.number(),
    completionTokens: z.number(),
    totalTokens: z.number(),
    cacheReadInputTokens: z.number().optional(),
    cacheCreationInputTokens: z.number().optional(),
  })
  .register(apiSchemas, { id: "TokenUsage" });

export const sendMessageResultSchema = z
  .object({
    runId: z.string(),
    messageId: z.string(),
    roomId: z.string(),
    roomUuid: z.string(),
    didRespond: z.boolean(),
    blocked: z.boolean(),
    reason: z.string().optional(),
    replies: z.array(apiMessageSchema),
    usage: usageSchema.optional(),
  })
  .register(apiSchemas, { id: "SendMessageResult" });

export const roomMessagesSchema = z
  .object({
    roomId: z.string(),
    roomUuid: z.string(),
    messages: z.array(apiMessageSchema),
    nextBefore: z.number().nullable(),
  })
  .register(apiSchemas, { id: "RoomMessages" });

export const runSummarySchema = z
  .object({
    runId: z.string(),
    status: z.enum(["completed", "error", "timeout"]),
    kind: z.enum(["message", "task"]),
    startedAt: z.number(),
    endedAt: z.number(),
    durationMs: z.number(),
    messageId: z.string().optional(),
    roomId: z.string().optional(),
    entityId: z.string().optional(),
    source: z.string().optional(),
    error: z.string().optional(),
    shouldRespond: z.object({ respond: z.boolean(), reason: z.string() }).optional(),
    didRespond: z.boolean().optional(),
    reason: z.string().optional(),
    task: z.object({ id: z.string(), name: z.string() }).optional(),
    usage: usageSchema.optional(),
    counts: z.object({
      actions: z.number(),
      modelCalls: z.number(),
      errors: z.number(),
      evaluators: z.number(),
    }),
    replies: z.array(z.string()),
    actions: z.array(
      z.object({
        name: z.string(),
        success: z.boolean(),
        durationMs: z.number(),
        error: z.string().optional(),
      }),
    ),
  })
  .register(apiSchemas, { id: "RunSummary" });

export const runPageSchema = z
  .object({
    runs: z.array(runSummarySchema),
    hasMore: z.boolean(),
    nextBefore: z.number().nullable(),
  })
  .register(apiSchemas, { id: "RunPage" });

export const runEventSchema = z
  .object({
    type: z.enum([
      "RUN_STARTED",
      "SHOULD_RESPOND",
      "MODEL_USED",
      "ACTION_STARTED",
      "ACTION_COMPLETED",
      "EVALUATOR_COMPLETED",
      "MESSAGE_SENT",
      "RUN_ENDED",
    ]),
    timestamp: z.number(),
    data: z.record(z.string(), z.unknown()),
  })
  .register(apiSchemas, { id: "RunEvent" });

export const runDetailSchema = z
  .object({ summary: runSummarySchema, events: z.array(runEventSchema) })
  .register(apiSchemas, { id: "RunDetail" });

export const taskViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    roomId: z.string().nullable(),
    tags: z.array(z.string()),
    status: z.enum(["running", "paused", "scheduled", "idle"]),
    nextRunAt: z.number().nullable(),
    lastRunAt: z.number().nullable(),
    lastError: z.string().nullable(),
    failures: z.number(),
    repeat: z.boolean(),
    cron: z.string().nullable(),
    createdAt: z.number().nullable(),
  })
  .register(apiSchemas, { id: "Task" });

export const taskListSchema = z
  .object({ tasks: z.array(taskViewSchema), total: z.number() })
  .register(apiSchemas, { id: "TaskList" });

export const taskChangedSchema = z
  .object({ task: taskViewSchema.nullable() })
  .register(apiSchemas, { id: "TaskChanged" });

export const taskDeletedSchema = z
  .object({ deleted: z.literal(true), id: z.string() })
  .register(apiSchemas, { id: "TaskDeleted" });

export const healthSchema = z
  .object({
    status: z.literal("ok"),
    name: z.string(),
    agentId: z.string(),
    storage: z.string(),
    version: z.string(),
    models: z.object({ text: z.string().nullable(), embedding: z.string().nullable() }),
  })
  .register(apiSchemas, { id: "Health" });

export const readySchema = z
  .object({ status: z.literal("ready"), storage: z.string() })
  .register(apiSchemas, { id: "Ready" });

export const tickReportSchema = z
  .object({
    ran: z.number(),
    succeeded: z.number(),
    failed: z.number(),
    skipped: z.number(),
    paused: z.number(),
    remaining: z.number(),
    more: z.boolean(),
    duplicate: z.boolean(),
    swept: z.number(),
    sweptLogs: z.number(),
  })
  .register(apiSchemas, { id: "TickReport" });

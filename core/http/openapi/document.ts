// The OpenAPI 3.1 document of the REST API (openapi.json at the package root, written by
// `npm run openapi`). Request bodies and queries come from the zod schemas the routes check
// with; answers from schemas.ts, which the tests parse real answers with; the paths are
// checked against the app's routes in test/http/openapi.test.ts.
import * as z from "zod";
import { cronQuery, listQuery, runsQuery, sendMessageBody, tasksQuery } from "../routes/index.ts";
import { elizaosPaths } from "./elizaos-paths.ts";
import { bodySchema, error, json, pathId, queryParameters, ref } from "./helpers.ts";
import { openAiPaths } from "./openai-paths.ts";
import * as answers from "./schemas.ts";
import { streamPaths } from "./stream-paths.ts";

const STREAM_EVENTS = `With \`Accept: text/event-stream\` the answer is server-sent events, each \`event: <name>\` with one JSON \`data:\` line: \`run_started\` {runId, messageId}; \`delta\` {text}: the reply's words as the model writes them; \`action\` {phase: started|completed, action, actionId, success?, durationMs?}; \`reply\` (a Message, as stored); then \`done\` (the SendMessageResult the JSON answer gives) or \`error\` (an Error).`;

export function openApiDocument(version = "0.0.0") {
  const generated = z.toJSONSchema(answers.apiSchemas, {
    uri: (id) => `#/components/schemas/${id}`,
    io: "output",
    unrepresentable: "any",
  }).schemas;
  // Components are schemas inside this document: no $schema or $id of their own.
  const schemas = Object.fromEntries(
    Object.entries(generated).map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema]),
  );
  const bearer = [{ apiToken: [] }];
  const common = {
    "401": error("API_TOKEN missing or wrong"),
    "503": error("Storage unavailable or a deadline passed; retry after Retry-After"),
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "eliza-edge REST API",
      version,
      description:
        "The HTTP API every eliza-edge target serves (Workers, Lambda, Vercel, Node). Errors are always {error: {code, message}}.",
    },
    components: {
      securitySchemes: {
        apiToken: { type: "http", scheme: "bearer", description: "API_TOKEN" },
        apiKey: {
          type: "apiKey",
          in: "header",
          name: "X-API-KEY",
          description: "API_TOKEN, as elizaOS's client sends it (Bearer works too)",
        },
        streamToken: {
          type: "apiKey",
          in: "query",
          name: "token",
          description: "The events URL's token, from POST /api/streams",
        },
        cronSecret: { type: "http", scheme: "bearer", description: "CRON_SECRET" },
      },
      schemas,
    },
    paths: {
      "/health": {
        get: {
          operationId: "health",
          summary: "Liveness: the agent's name, id, storage and models; never touches storage",
          responses: { "200": json(answers.healthSchema, "Alive") },
        },
      },
      "/openapi.json": {
        get: {
          operationId: "openApi",
          summary: "This document, with a servers entry for the origin it was asked from",
          responses: {
            "200": {
              description: "OpenAPI 3.1",
              content: { "application/json": { schema: { type: "object" } } },
            },
          },
        },
      },
      "/health/ready": {
        get: {
          operationId: "ready",
          summary: "Readiness: one storage round trip",
          responses: {
            "200": json(answers.readySchema, "Storage answers"),
            "503": error("Storage unavailable"),
          },
        },
      },
      "/api/messages": {
        post: {
          operationId: "sendMessage",
          summary: "Send a message; the agent's replies come back (or stream)",
          security: bearer,
          parameters: [
            {
              name: "Idempotency-Key",
              in: "header",
              required: false,
              description:
                "1-200 characters; a repeat returns the first answer, and a repeat after a failed attempt runs it again from the stored message (the body's messageId does the same)",
              schema: { type: "string", minLength: 1, maxLength: 200 },
            },
          ],
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: bodySchema(sendMessageBody()) },
            },
          },
          responses: {
            "200": {
              description: `The turn's answer. ${STREAM_EVENTS}`,
              content: {
                "application/json": { schema: ref(answers.sendMessageResultSchema) },
                "text/event-stream": { schema: { type: "string" } },
              },
            },
            "400": error("Malformed JSON or a bad field"),
            ...common,
            "409": error("Idempotency-Key or messageId in progress (Retry-After)"),
            "413": error("Body over the limit"),
            "422": error("Idempotency-Key used for another user or room"),
            "429": error("Over a per-minute limit (Retry-After)"),
            "502": error("The model provider failed (model_error)"),
          },
        },
      },
      "/api/rooms/{roomId}/messages": {
        get: {
          operationId: "roomMessages",
          summary: "A room's messages, oldest first; nextBefore pages back",
          security: bearer,
          parameters: [pathId("roomId", "Your own room id"), ...queryParameters(listQuery())],
          responses: {
            "200": json(answers.roomMessagesSchema, "One page"),
            "400": error("Bad room id or query"),
            ...common,
          },
        },
      },
      "/api/runs": {
        get: {
          operationId: "listRuns",
          summary: "The agent's runs (message turns and task runs), newest first",
          security: bearer,
          parameters: queryParameters(runsQuery()),
          responses: {
            "200": json(answers.runPageSchema, "One page; pass nextBefore as before for the next"),
            "400": error("Bad query"),
            ...common,
          },
        },
      },
      "/api/runs/{id}": {
        get: {
          operationId: "getRun",
          summary: "One run with every recorded step",
          security: bearer,
          parameters: [pathId("id", "The run id (a UUID)")],
          responses: {
            "200": json(answers.runDetailSchema, "The run"),
            "400": error("Not a UUID"),
            "404": error("No such run (or older than LOG_RETENTION_DAYS)"),
            ...common,
          },
        },
      },
      "/api/tasks": {
        get: {
          operationId: "listTasks",
          summary: "The agent's tasks: status, next run, last error, failures",
          security: bearer,
          parameters: queryParameters(tasksQuery()),
          responses: {
            "200": json(answers.taskListSchema, "Soonest first"),
            "400": error("Bad query"),
            ...common,
          },
        },
      },
      "/api/tasks/{id}/pause": {
        post: {
          operationId: "pauseTask",
          summary: "No tick runs the task until it is resumed",
          security: bearer,
          parameters: [pathId("id", "The task id (a UUID)")],
          responses: {
            "200": json(answers.taskChangedSchema, "Paused"),
            "400": error("Not a UUID"),
            "404": error("No such task"),
            ...common,
          },
        },
      },
      "/api/tasks/{id}/resume": {
        post: {
          operationId: "resumeTask",
          summary: "Unpause, failures forgotten; due when its schedule says",
          security: bearer,
          parameters: [pathId("id", "The task id (a UUID)")],
          responses: {
            "200": json(answers.taskChangedSchema, "Resumed"),
            "400": error("Not a UUID"),
            "404": error("No such task"),
            ...common,
          },
        },
      },
      "/api/tasks/{id}": {
        delete: {
          operationId: "deleteTask",
          summary: "Delete the task",
          security: bearer,
          parameters: [pathId("id", "The task id (a UUID)")],
          responses: {
            "200": json(answers.taskDeletedSchema, "Deleted"),
            "400": error("Not a UUID"),
            "404": error("No such task"),
            ...common,
          },
        },
      },
      "/api/cron": Object.fromEntries(
        (["get", "post"] as const).map((method) => [
          method,
          {
            operationId: `tick${method === "get" ? "" : "Post"}`,
            summary: "One task tick (Vercel cron, manual ticks)",
            security: [{ cronSecret: [] }],
            parameters: queryParameters(cronQuery()),
            responses: {
              "200": json(answers.tickReportSchema, "The tick's report; more: tick again"),
              "400": error("Bad query"),
              "401": error("CRON_SECRET missing or wrong"),
              "503": error("Storage unavailable or a deadline passed; retry after Retry-After"),
            },
          },
        ]),
      ),
      ...streamPaths(common),
      ...openAiPaths(),
      ...elizaosPaths(),
    },
  };
}

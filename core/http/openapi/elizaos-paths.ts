// elizaOS's REST API (as @elizaos/api-client 1.7 calls it) in the OpenAPI document.
import {
  createSessionBody,
  sessionMessageBody,
  sessionMessagesQuery,
} from "../elizaos-api/index.ts";
import { bodySchema, error, json, pathId, queryParameters } from "./helpers.ts";
import * as eliza from "./protocol-schemas.ts";

const security = [{ apiKey: [] }, { apiToken: [] }];
const common = {
  "401": error("API key missing or wrong"),
  "503": error("Storage unavailable; retry later"),
};
const sessionId = pathId("sessionId", "The session id");
const body = (schema: Parameters<typeof bodySchema>[0]) => ({
  required: true,
  content: { "application/json": { schema: bodySchema(schema) } },
});

export function elizaosPaths() {
  return {
    "/api/server/ping": {
      get: {
        operationId: "elizaPing",
        summary: "elizaOS: ping",
        security,
        responses: { "200": json(eliza.elizaPingSchema, "Pong"), ...common },
      },
    },
    "/api/server/health": {
      get: {
        operationId: "elizaHealth",
        summary: "elizaOS: health",
        security,
        responses: { "200": json(eliza.elizaHealthSchema, "Healthy"), ...common },
      },
    },
    "/api/agents": {
      get: {
        operationId: "elizaAgents",
        summary: "elizaOS: the agents (this deployment's one)",
        security,
        responses: { "200": json(eliza.elizaAgentListSchema, "The agents"), ...common },
      },
    },
    "/api/agents/{agentId}": {
      get: {
        operationId: "elizaAgent",
        summary: "elizaOS: one agent, its character without secrets",
        security,
        parameters: [pathId("agentId", "The agent's UUID")],
        responses: {
          "200": json(eliza.elizaAgentSchema, "The agent"),
          "400": error("Not a UUID"),
          "404": error("Not this agent"),
          ...common,
        },
      },
    },
    "/api/messaging/sessions/health": {
      get: {
        operationId: "elizaSessionsHealth",
        summary: "elizaOS: sessions health",
        security,
        responses: { "200": json(eliza.elizaSessionsHealthSchema, "Healthy"), ...common },
      },
    },
    "/api/messaging/sessions": {
      get: {
        operationId: "elizaSessions",
        summary: "elizaOS: the sessions, newest first",
        security,
        responses: { "200": json(eliza.elizaSessionListSchema, "The sessions"), ...common },
      },
      post: {
        operationId: "elizaCreateSession",
        summary: "elizaOS: a session between a user and the agent",
        security,
        requestBody: body(createSessionBody()),
        responses: {
          "201": json(eliza.elizaSessionSchema, "Created"),
          "400": error("A bad field (VALIDATION_ERROR)"),
          "404": error("Not this agent (AGENT_NOT_FOUND)"),
          ...common,
        },
      },
    },
    "/api/messaging/sessions/{sessionId}": {
      get: {
        operationId: "elizaSession",
        summary: "elizaOS: one session",
        security,
        parameters: [sessionId],
        responses: {
          "200": json(eliza.elizaSessionSchema, "The session"),
          "404": error("No such session (SESSION_NOT_FOUND)"),
          ...common,
        },
      },
      delete: {
        operationId: "elizaDeleteSession",
        summary: "elizaOS: end a session (its messages stay)",
        security,
        parameters: [sessionId],
        responses: {
          "200": json(eliza.elizaDeletedSchema, "Ended"),
          "404": error("No such session (SESSION_NOT_FOUND)"),
          ...common,
        },
      },
    },
    "/api/messaging/sessions/{sessionId}/messages": {
      get: {
        operationId: "elizaSessionMessages",
        summary: "elizaOS: a session's messages, newest first",
        security,
        parameters: [sessionId, ...queryParameters(sessionMessagesQuery())],
        responses: {
          "200": json(eliza.elizaSessionMessagesSchema, "One page"),
          "400": error("Bad query (VALIDATION_ERROR)"),
          "404": error("No such session (SESSION_NOT_FOUND)"),
          ...common,
        },
      },
      post: {
        operationId: "elizaSendSessionMessage",
        summary: "elizaOS: send a message; the agent's answer comes back (every transport)",
        security,
        parameters: [sessionId],
        requestBody: body(sessionMessageBody()),
        responses: {
          "201": json(eliza.elizaSessionAnswerSchema, "The message and the agent's answer"),
          "400": error("A bad field (VALIDATION_ERROR)"),
          "404": error("No such session (SESSION_NOT_FOUND)"),
          ...common,
          "429": error("Over a per-minute limit (Retry-After)"),
          "502": error("The model provider failed"),
        },
      },
    },
  };
}

// The browser stream's routes in the OpenAPI document.
import { sendMessageBody } from "../turn/index.ts";
import { bodySchema, error, json, pathId } from "./helpers.ts";
import { streamStartedSchema } from "./protocol-schemas.ts";

const EVENTS = `Server-sent events for EventSource, each with an \`id\` (send it back as Last-Event-ID to resume): \`run_started\`, \`delta\`, \`action\`, \`reply\` as POST /api/messages streams them, then \`done\` (the SendMessageResult, id \`done\`) or \`error\` (an Error, id \`done\`). Comment lines (\`: keep-alive\`) while the turn is quiet. A connection open longer than EVENT_STREAM_MAX_MS closes and the EventSource reconnects.`;

export function streamPaths(common: Record<string, unknown>) {
  return {
    "/api/streams": {
      post: {
        operationId: "startStream",
        summary: "Take a message; its turn's events are at eventsUrl (its token lasts 10 minutes)",
        security: [{ apiToken: [] }],
        requestBody: {
          required: true,
          content: { "application/json": { schema: bodySchema(sendMessageBody()) } },
        },
        responses: {
          "201": json(streamStartedSchema, "The stream's URL, token included"),
          "400": error("Malformed JSON or a bad field"),
          ...common,
          "429": error("Over a per-minute limit (Retry-After)"),
        },
      },
    },
    "/api/streams/{id}/events": {
      get: {
        operationId: "streamEvents",
        summary: "The turn's events, for new EventSource(eventsUrl)",
        security: [{ streamToken: [] }],
        parameters: [
          pathId("id", "The stream id"),
          {
            name: "token",
            in: "query",
            required: false,
            description: "From eventsUrl; needed whenever API_TOKEN is set",
            schema: { type: "string" },
          },
          {
            name: "Last-Event-ID",
            in: "header",
            required: false,
            description: "The last event id the client had; `done` gets 204",
            schema: { type: "string" },
          },
        ],
        responses: {
          "200": {
            description: EVENTS,
            content: { "text/event-stream": { schema: { type: "string" } } },
          },
          "204": { description: "The client had the end: stop reconnecting" },
          "400": error("Not a UUID"),
          "401": error("Token missing, wrong or expired"),
          "404": error("No such stream, or it expired"),
          "503": error("Storage unavailable; retry later"),
        },
      },
    },
  };
}

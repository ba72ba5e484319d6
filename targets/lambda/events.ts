// What can invoke the function, told apart by small type guards. HTTP events (API Gateway
// REST v1, HTTP API v2, Function URLs, ALB) all carry `requestContext`; hono/aws-lambda takes
// them as they are. Shapes: https://docs.aws.amazon.com/lambda/latest/dg/services-apigateway.html
// and https://docs.aws.amazon.com/eventbridge/latest/ref/events-ref-scheduled.html

/** The key of this kit's own events (EventBridge Scheduler input, the async self-invoke). */
export const MARKER = "elizaEdge";

export interface HttpEvent {
  requestContext: Record<string, unknown>;
  [key: string]: unknown;
}

/** An EventBridge rule's scheduled event (serverless.yml `schedule`). */
export interface ScheduledEvent {
  source: "aws.events";
  "detail-type": string;
  id: string;
  /** The scheduled time, e.g. "2026-01-01T12:00:00Z": the same on a redelivery. */
  time: string;
}

/**
 * An explicit tick: an EventBridge Scheduler target with Input
 * `{"elizaEdge":"tick","occurrence":"<aws.scheduler.scheduled-time>"}`, or the function's
 * async self-invoke after a webhook left a message for it (no occurrence: never deduplicated).
 */
export interface TickEvent {
  [MARKER]: "tick";
  occurrence?: string;
}

const isObject = (event: unknown): event is Record<string, unknown> =>
  typeof event === "object" && event !== null;

export function isHttpEvent(event: unknown): event is HttpEvent {
  return isObject(event) && isObject(event.requestContext);
}

export function isScheduledEvent(event: unknown): event is ScheduledEvent {
  return isObject(event) && event.source === "aws.events" && typeof event.time === "string";
}

export function isTickEvent(event: unknown): event is TickEvent {
  return isObject(event) && event[MARKER] === "tick";
}

// What can invoke the function, told apart by small type guards. HTTP events (API Gateway
// REST v1, HTTP API v2, Function URLs, ALB) all carry `requestContext`; hono/aws-lambda takes
// them as they are. The shapes are the Lambda ecosystem's own (@types/aws-lambda), so the
// handler drops into CDK, SAM or Serverless code without casts.
// https://docs.aws.amazon.com/lambda/latest/dg/services-apigateway.html and
// https://docs.aws.amazon.com/eventbridge/latest/ref/events-ref-scheduled.html
import type {
  ALBEvent,
  APIGatewayProxyEvent,
  APIGatewayProxyEventV2,
  ScheduledEvent,
} from "aws-lambda";

export type { ScheduledEvent } from "aws-lambda";

/** The key of this kit's own events (EventBridge Scheduler input, the async self-invoke). */
export const MARKER = "elizaEdge";

/** An HTTP event: API Gateway REST (payload 1.0), HTTP API or Function URL (2.0), ALB. */
export type HttpEvent = APIGatewayProxyEvent | APIGatewayProxyEventV2 | ALBEvent;

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

/** An EventBridge rule's scheduled event (serverless.yml `schedule`); `time` is the occurrence. */
export function isScheduledEvent(event: unknown): event is ScheduledEvent {
  return isObject(event) && event.source === "aws.events" && typeof event.time === "string";
}

export function isTickEvent(event: unknown): event is TickEvent {
  return isObject(event) && event[MARKER] === "tick";
}

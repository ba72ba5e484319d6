// The Lambda entry for a Function URL with response streaming (`InvokeMode: RESPONSE_STREAM`):
// the same app as createLambdaHandler, its responses written as they are produced, so
// `POST /api/messages` with `Accept: text/event-stream` streams the reply's words. HTTP only
// (schedules and ticks go to the buffered handler); through API Gateway, or a buffered Function
// URL, the buffered handler answers the same events in one body. See README "Streaming".
import { streamHandle } from "hono/aws-lambda";
import { type LambdaHandlerOptions, lambdaApp } from "./handler.ts";

/** The function Lambda's runtime calls: hono's handler, wrapped by awslambda.streamifyResponse. */
export type LambdaStreamingHandler = (event: unknown, ...rest: unknown[]) => unknown;

/** Lambda's Node.js runtime provides `awslambda` (streamifyResponse) as a global. */
const hasStreamingRuntime = () =>
  typeof (globalThis as { awslambda?: { streamifyResponse?: unknown } }).awslambda
    ?.streamifyResponse === "function";

export function createLambdaStreamingHandler(
  options: Omit<LambdaHandlerOptions, "selfInvoke"> = {},
) {
  if (!hasStreamingRuntime()) {
    throw new Error(
      "createLambdaStreamingHandler needs AWS Lambda's Node.js runtime (the awslambda.streamifyResponse global); use createLambdaHandler elsewhere",
    );
  }
  return streamHandle(lambdaApp(options).app) as LambdaStreamingHandler;
}

// The events Lambda sends this function, as AWS documents them, for `eliza-edge invoke`: an API
// Gateway HTTP API request (payload format 2.0) and an EventBridge rule's scheduled event.
// Copied from the samples on those pages, with the request's method, path, headers and body
// and the schedule's time filled in.
// https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-integrations-lambda.html
// https://docs.aws.amazon.com/eventbridge/latest/ref/events-ref-scheduled.html
import type { APIGatewayProxyEventV2, ScheduledEvent } from "aws-lambda";

export interface SampleRequest {
  method: string;
  /** Path and query, "/api/messages?x=1". */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export function sampleHttpEvent(request: SampleRequest, now = new Date()): APIGatewayProxyEventV2 {
  const url = new URL(request.path, "https://r3pmxmplak.execute-api.us-east-1.amazonaws.com");
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers: {
      accept: "*/*",
      "content-length": String(new TextEncoder().encode(request.body ?? "").length),
      host: url.host,
      "user-agent": "eliza-edge invoke",
      "x-amzn-trace-id": "Root=1-5e6722a7-cc56xmpl46db7ae02d4da47e",
      "x-forwarded-for": "205.255.255.176",
      "x-forwarded-port": "443",
      "x-forwarded-proto": "https",
      ...request.headers,
    },
    requestContext: {
      accountId: "123456789012",
      apiId: "r3pmxmplak",
      domainName: url.host,
      domainPrefix: "r3pmxmplak",
      http: {
        method: request.method,
        path: url.pathname,
        protocol: "HTTP/1.1",
        sourceIp: "205.255.255.176",
        userAgent: "eliza-edge invoke",
      },
      requestId: "JKJaXmPLvHcESHA=",
      routeKey: "$default",
      stage: "$default",
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(request.body === undefined ? {} : { body: request.body }),
    isBase64Encoded: false,
  };
}

/** `time` is the occurrence the handler deduplicates on: each minute's tick runs once. */
export function sampleScheduledEvent(now = new Date()): ScheduledEvent {
  const time = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
  return {
    version: "0",
    id: "53dc4d37-cffa-4f76-80c9-8b7d4a4d2eaa",
    "detail-type": "Scheduled Event",
    source: "aws.events",
    account: "123456789012",
    time: time.replace(".000Z", "Z"),
    region: "us-east-1",
    resources: ["arn:aws:events:us-east-1:123456789012:rule/my-scheduled-rule"],
    detail: {},
  };
}

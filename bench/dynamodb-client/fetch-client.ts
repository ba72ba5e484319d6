// The fetch-based DynamoDB client measured against the AWS SDK's: aws4fetch signs each request
// (SigV4), the body is DynamoDB's JSON 1.0 protocol, and each call has the SDK client's bounded
// waits (an attempt's timeout, a few attempts for throttling, 5xx and network errors). A
// prototype for the measurement, not the adapter's client. aws4fetch comes from this folder's
// own install (aws4fetch.d.ts types it where that is missing).
import { AwsClient } from "aws4fetch";

const RETRIED = new Set([
  "ProvisionedThroughputExceededException",
  "ThrottlingException",
  "RequestLimitExceeded",
  "InternalServerError",
  "ServiceUnavailable",
  "TransactionInProgressException",
]);

export type Send = (operation: string, input: object) => Promise<Record<string, unknown>>;

export function createFetchClient(options: {
  endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  requestTimeoutMs?: number;
  maxAttempts?: number;
}): Send {
  const aws = new AwsClient({
    ...options.credentials,
    service: "dynamodb",
    region: options.region,
    retries: 0,
  });
  const maxAttempts = options.maxAttempts ?? 3;
  return async (operation, input) => {
    for (let attempt = 1; ; attempt++) {
      let error: Error & { retry?: boolean };
      try {
        const response = await aws.fetch(options.endpoint, {
          method: "POST",
          headers: {
            "content-type": "application/x-amz-json-1.0",
            "x-amz-target": `DynamoDB_20120810.${operation}`,
          },
          body: JSON.stringify(input),
          signal: AbortSignal.timeout(options.requestTimeoutMs ?? 2_000),
        });
        const text = await response.text();
        const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
        if (response.ok) return body;
        const name =
          String(body.__type ?? "")
            .split("#")
            .pop() ?? "";
        error = Object.assign(new Error(String(body.message ?? body.Message ?? name)), body, {
          name,
          retry: response.status >= 500 || RETRIED.has(name),
        });
      } catch (thrown) {
        error = thrown as Error; // a network error or a timeout: retried
        error.retry = true;
      }
      if (!error.retry || attempt >= maxAttempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * 2 ** attempt));
    }
  };
}

// The DynamoDB client from configuration (DYNAMODB_ENDPOINT, AWS_REGION). In Lambda the SDK
// finds region and credentials itself; a localhost endpoint (DynamoDB Local) gets a default
// region and placeholder keys, since it accepts any.
//
// Every call has a bounded wait. The SDK's own defaults have none (no connect timeout, and its
// request timeout only warns unless told to throw), so a stalled table held each request until
// API Gateway answered 504 at 29 s. Here an attempt gives up after DYNAMODB_CONNECT_TIMEOUT_MS
// to connect and DYNAMODB_REQUEST_TIMEOUT_MS to answer, and a call makes at most
// DYNAMODB_MAX_ATTEMPTS attempts: with the defaults a call ends within about 7 s (three 2-s
// attempts and the SDK's short backoffs), a StorageError UNAVAILABLE that the app answers 503.
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";

/** Defaults of the bounded waits; the settings of the same names override them. */
export const DYNAMODB_DEFAULTS = {
  connectTimeoutMs: 1_000,
  requestTimeoutMs: 2_000,
  maxAttempts: 3,
} as const;

export interface DynamoTimeouts {
  /** Give up opening a connection after this long (DYNAMODB_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** Give up on one attempt's answer after this long (DYNAMODB_REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number;
  /** Attempts per call, the first included (DYNAMODB_MAX_ATTEMPTS). */
  maxAttempts?: number;
}

export interface DynamoClientOptions extends DynamoTimeouts {
  endpoint?: string;
  region?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export function createDynamoClient(options: DynamoClientOptions = {}): DynamoDBClient {
  const local = options.endpoint !== undefined && isLocalhost(options.endpoint);
  const region = options.region ?? (local ? "us-east-1" : undefined);
  const credentials =
    options.credentials ?? (local ? { accessKeyId: "local", secretAccessKey: "local" } : undefined);
  const requestTimeout = options.requestTimeoutMs ?? DYNAMODB_DEFAULTS.requestTimeoutMs;
  return new DynamoDBClient({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(region ? { region } : {}),
    ...(credentials ? { credentials } : {}),
    maxAttempts: options.maxAttempts ?? DYNAMODB_DEFAULTS.maxAttempts,
    requestHandler: {
      connectionTimeout: options.connectTimeoutMs ?? DYNAMODB_DEFAULTS.connectTimeoutMs,
      requestTimeout,
      // Without it a request past requestTimeout is only logged, and goes on waiting.
      throwOnRequestTimeout: true,
      // A connection that stops answering mid-response is dropped too.
      socketTimeout: requestTimeout,
    },
  });
}

function isLocalhost(endpoint: string): boolean {
  try {
    const host = new URL(endpoint).hostname;
    return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
  } catch {
    return false;
  }
}

// What the AWS SDK throws, turned into what a caller can act on. The SDK has already retried
// throttling and 5xx answers (standard retry mode) by the time an error reaches here, so
// those, and network failures, are persistent: UNAVAILABLE, which the HTTP layer answers 503.
import { StorageError } from "../../core/kernel/index.ts";
import type { Item } from "./attributes.ts";

interface AwsError {
  name?: string;
  message?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
  $retryable?: unknown;
  CancellationReasons?: { Code?: string; Message?: string }[];
}

const UNAVAILABLE_NAMES = new Set([
  "ProvisionedThroughputExceededException",
  "ThrottlingException",
  "RequestLimitExceeded",
  "InternalServerError",
  "ServiceUnavailable",
  "ServiceUnavailableException",
  "LimitExceededException",
  "TimeoutError",
  "RequestTimeout",
  "RequestTimeoutException",
  "TransactionInProgressException",
]);

const NETWORK =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EPIPE|socket hang up|fetch failed|network/i;
const TOO_LARGE = /size has exceeded|Size limit exceeded|must be under \d+ bytes|too large/i;
const MULTIPLE_OPS = /multiple operations on one item/i;

export function isConditionFailed(error: unknown): boolean {
  return (error as AwsError | undefined)?.name === "ConditionalCheckFailedException";
}

/** What a failed condition found, when the request asked ReturnValuesOnConditionCheckFailure. */
export function oldItem(error: unknown): Item | undefined {
  return (error as { Item?: Item }).Item;
}

/** For writes to a row that may be gone: a failed condition means there was nothing to do. */
export function ignoreConditionFailed(error: unknown): void {
  if (!isConditionFailed(error)) throw error;
}

export function isTransactionCanceled(error: unknown): error is AwsError {
  return (error as AwsError | undefined)?.name === "TransactionCanceledException";
}

export function cancellationCodes(error: AwsError): string[] {
  return (error.CancellationReasons ?? []).map((reason) => reason.Code ?? "None");
}

export function toStorageError(thrown: unknown, tableName: string): unknown {
  if (thrown instanceof StorageError) return thrown;
  const error = thrown as AwsError;
  const name = error?.name ?? "";
  const message = error?.message ?? String(thrown);
  if (name === "ResourceNotFoundException") {
    return new StorageError(
      "UNAVAILABLE",
      `DynamoDB table "${tableName}" was not found; create it with \`npm run dynamodb:create-table\``,
      { cause: thrown },
    );
  }
  if (name === "ValidationException" && TOO_LARGE.test(message)) {
    return new StorageError("TOO_LARGE", `DynamoDB refused the item: ${message}`, {
      cause: thrown,
    });
  }
  if (name === "ValidationException" && MULTIPLE_OPS.test(message)) {
    return new StorageError("INVALID_BATCH", `DynamoDB refused the batch: ${message}`, {
      cause: thrown,
    });
  }
  // Any other ValidationException is about a value in the request: 400, never a retry.
  if (name === "ValidationException") {
    return new StorageError("INVALID_INPUT", `DynamoDB refused a value: ${message}`, {
      cause: thrown,
    });
  }
  const status = error?.$metadata?.httpStatusCode ?? 0;
  if (
    UNAVAILABLE_NAMES.has(name) ||
    status >= 500 ||
    NETWORK.test(`${name} ${error?.code ?? ""} ${message}`)
  ) {
    return new StorageError("UNAVAILABLE", `DynamoDB is unavailable: ${name}: ${message}`, {
      cause: thrown,
    });
  }
  return thrown;
}

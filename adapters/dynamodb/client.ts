// The DynamoDB client from configuration (DYNAMODB_ENDPOINT, AWS_REGION). In Lambda the SDK
// finds region and credentials itself; a localhost endpoint (DynamoDB Local) gets a default
// region and placeholder keys, since it accepts any.
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";

export interface DynamoClientOptions {
  endpoint?: string;
  region?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export function createDynamoClient(options: DynamoClientOptions = {}): DynamoDBClient {
  const local = options.endpoint !== undefined && isLocalhost(options.endpoint);
  const region = options.region ?? (local ? "us-east-1" : undefined);
  const credentials =
    options.credentials ?? (local ? { accessKeyId: "local", secretAccessKey: "local" } : undefined);
  return new DynamoDBClient({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(region ? { region } : {}),
    ...(credentials ? { credentials } : {}),
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

// The AWS SDK's DynamoDB client, as adapters/dynamodb/client.ts makes it. The first
// `Response` is made first, as the Lambda handler's first request does (Node's fetch classes
// load once per process, whichever client runs after).
import {
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
} from "@aws-sdk/client-dynamodb";
import { credentials, endpoint, run } from "./rounds.ts";

await new Response("warm").text();
const client = new DynamoDBClient({
  endpoint,
  region: "us-east-1",
  credentials,
  maxAttempts: 3,
  requestHandler: {
    connectionTimeout: 1_000,
    requestTimeout: 2_000,
    throwOnRequestTimeout: true,
    socketTimeout: 2_000,
  },
});
await run(async (operation, input) => {
  // biome-ignore lint/suspicious/noExplicitAny: each command takes its own input shape
  const given = input as any;
  const output =
    operation === "PutItem"
      ? await client.send(new PutItemCommand(given))
      : operation === "GetItem"
        ? await client.send(new GetItemCommand(given))
        : await client.send(new QueryCommand(given));
  return output as unknown as Record<string, unknown>;
});

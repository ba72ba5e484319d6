// The table this adapter needs: string pk/sk, four overloaded GSIs projecting every
// attribute, on-demand capacity, TTL on `ttl`. Used by create-table (CLI and tests).
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  type DynamoDBClient,
  UpdateTimeToLiveCommand,
} from "@aws-sdk/client-dynamodb";
import { GSI, gsiPk, gsiSk, PK, SK, TTL } from "./keys.ts";

export function tableDefinition(tableName: string): CreateTableCommandInput {
  const keyAttributes = [PK, SK, ...GSI.flatMap((index) => [gsiPk(index), gsiSk(index)])];
  return {
    TableName: tableName,
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: keyAttributes.map((name) => ({
      AttributeName: name,
      AttributeType: "S",
    })),
    KeySchema: [
      { AttributeName: PK, KeyType: "HASH" },
      { AttributeName: SK, KeyType: "RANGE" },
    ],
    GlobalSecondaryIndexes: GSI.map((index) => ({
      IndexName: index,
      KeySchema: [
        { AttributeName: gsiPk(index), KeyType: "HASH" },
        { AttributeName: gsiSk(index), KeyType: "RANGE" },
      ],
      // ALL: lists and searches read rows straight from the index, no second BatchGet.
      Projection: { ProjectionType: "ALL" },
    })),
  };
}

export interface CreateTableResult {
  created: boolean;
  ttlEnabled: boolean;
}

/**
 * Creates the table with its GSIs and turns TTL on, waiting until it is ACTIVE. Idempotent:
 * an existing table is left as it is (TTL is still switched on if it was off).
 */
export async function createTable(
  client: DynamoDBClient,
  tableName: string,
  options: { timeoutMs?: number } = {},
): Promise<CreateTableResult> {
  let created = false;
  try {
    await client.send(new CreateTableCommand(tableDefinition(tableName)));
    created = true;
  } catch (error) {
    if ((error as { name?: string }).name !== "ResourceInUseException") throw error;
  }
  await waitUntilActive(client, tableName, options.timeoutMs ?? 120_000);
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  const status = ttl.TimeToLiveDescription?.TimeToLiveStatus;
  let ttlEnabled = status === "ENABLED" || status === "ENABLING";
  if (!ttlEnabled) {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TTL, Enabled: true },
      }),
    );
    ttlEnabled = true;
  }
  return { created, ttlEnabled };
}

async function waitUntilActive(
  client: DynamoDBClient,
  tableName: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 50; ; delay = Math.min(delay * 2, 2_000)) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const indexesActive = (Table?.GlobalSecondaryIndexes ?? []).every(
      (index) => index.IndexStatus === "ACTIVE",
    );
    if (Table?.TableStatus === "ACTIVE" && indexesActive) return;
    if (Date.now() > deadline) {
      throw new Error(`DynamoDB table ${tableName} is not ACTIVE after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

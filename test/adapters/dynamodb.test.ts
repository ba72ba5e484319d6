// DynamoDB on real DynamoDB Local (started once per run by the globalSetup): the conformance
// suite, each test on a fresh table (creating one takes ~25 ms locally), with several
// DynamoStorage instances, each with its own DynamoDBClient, racing over one table.
import { DeleteTableCommand } from "@aws-sdk/client-dynamodb";
import { inject } from "vitest";
import {
  createDynamoStorage,
  DynamoStorage,
  MAX_ITEM_BYTES,
} from "../../adapters/dynamodb/index.ts";
import { describeStorageConformance } from "../storage/conformance.ts";
import { localClient } from "../support/dynamodb-local.ts";

const endpoint = inject("dynamodbEndpoint");
let tables = 0;

describeStorageConformance("dynamodb (DynamoDB Local)", {
  create: async ({ now }) =>
    createDynamoStorage({
      tableName: `conformance-${process.pid}-${++tables}`,
      client: localClient(endpoint),
      now,
      createTable: true,
    }),
  destroy: async (storage) => {
    const dynamo = storage as DynamoStorage;
    const client = localClient(endpoint);
    await client.send(new DeleteTableCommand({ TableName: dynamo.tableName }));
    client.destroy();
    await dynamo.close();
  },
  capabilities: {
    maxRowBytes: MAX_ITEM_BYTES,
    concurrentClients: async (storage, count, { now }) =>
      Array.from(
        { length: count },
        () =>
          new DynamoStorage({
            tableName: (storage as DynamoStorage).tableName,
            endpoint,
            now,
          }),
      ),
    agentClient: async (storage, agentId, { now }) =>
      new DynamoStorage({
        tableName: (storage as DynamoStorage).tableName,
        endpoint,
        now,
        agentId,
      }),
    expiresByTtl: true,
  },
});

// The scheduler's guarantees on real DynamoDB Local (started by the global setup).
import { DeleteTableCommand } from "@aws-sdk/client-dynamodb";
import { inject } from "vitest";
import { createDynamoStorage, DynamoStorage } from "../../adapters/dynamodb/index.ts";
import type { ConformanceSetup } from "../storage/fixtures.ts";
import { localClient } from "../support/dynamodb-local.ts";
import { describeElizaTaskSemantics } from "./elizaos-semantics.ts";
import { describeTaskGuarantees } from "./guarantees.ts";

const endpoint = inject("dynamodbEndpoint");
let tables = 0;

const dynamo: ConformanceSetup = {
  create: async ({ now }) =>
    createDynamoStorage({
      tableName: `tasks-${process.pid}-${++tables}`,
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
    concurrentClients: async (storage, count, { now }) =>
      Array.from(
        { length: count },
        () => new DynamoStorage({ tableName: (storage as DynamoStorage).tableName, endpoint, now }),
      ),
  },
};

describeTaskGuarantees("dynamodb (DynamoDB Local)", dynamo);
describeElizaTaskSemantics("dynamodb (DynamoDB Local)", dynamo);

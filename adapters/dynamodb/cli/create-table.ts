// Creates the DynamoDB table this adapter needs, with its four GSIs and TTL on `ttl`:
// `npm run dynamodb:create-table`. Reads DYNAMODB_TABLE, DYNAMODB_ENDPOINT (DynamoDB Local)
// and AWS_REGION. Idempotent: an existing table is left as it is.
import { createDynamoClient } from "../client.ts";
import { createTable } from "../create-table.ts";

const tableName = process.env.DYNAMODB_TABLE;
if (!tableName) {
  console.error("DYNAMODB_TABLE is not set: name the table to create");
  process.exit(2);
}

const client = createDynamoClient({
  ...(process.env.DYNAMODB_ENDPOINT ? { endpoint: process.env.DYNAMODB_ENDPOINT } : {}),
  ...(process.env.AWS_REGION ? { region: process.env.AWS_REGION } : {}),
});
try {
  const { created } = await createTable(client, tableName);
  const where = process.env.DYNAMODB_ENDPOINT ?? "AWS";
  console.log(
    created
      ? `created table ${tableName} (${where}) with TTL on "ttl"`
      : `table ${tableName} already exists (${where}); TTL on "ttl"`,
  );
} catch (error) {
  console.error(`could not create table ${tableName}: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  client.destroy();
}

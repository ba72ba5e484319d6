import { COMMON_HELP, type Command } from "../command.ts";
import { EXIT_OK } from "../errors.ts";
import { runScript } from "../settings.ts";

/** `migrate` does the same when DYNAMODB_TABLE is set; this name says what it does. */
export const dynamodbCreateTable: Command = {
  name: "dynamodb:create-table",
  summary: "create the DynamoDB table (in AWS, or DynamoDB Local)",
  usage: "eliza-edge dynamodb:create-table",
  help: `Creates the table named by DYNAMODB_TABLE with its four indexes and TTL on "ttl", the
table serverless.yml creates in AWS; an existing table is left as it is. With
DYNAMODB_ENDPOINT=http://127.0.0.1:8000 it creates it in DynamoDB Local, for
\`eliza-edge invoke\` and \`npm start\` before deploying. Reads AWS_REGION too.

${COMMON_HELP}`,
  options: {},
  async run() {
    await runScript(
      "dynamodb:create-table",
      () => import("../../../../adapters/dynamodb/cli/create-table.ts"),
      [],
    );
    return typeof process.exitCode === "number" ? process.exitCode : EXIT_OK;
  },
};

// What each DynamoDB request of a storage call read: the command, the index and key condition
// it keyed on, and the items DynamoDB evaluated for it (ScannedCount, before any filter). The
// DynamoDB counterpart of d1-plans.ts: a read keyed on the wrong partition, or a Scan, shows
// as a large ScannedCount whatever the result size.
import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";

export interface DynamoRequest {
  command: string;
  indexName?: string;
  keyCondition?: string;
  /** Items evaluated (Query/Scan); undefined for other commands. */
  scanned?: number;
}

export function recordingDynamo(client: DynamoDBClient): { take(): DynamoRequest[] } {
  let recorded: DynamoRequest[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { IndexName?: string; KeyConditionExpression?: string };
      const result = await next(args);
      const output = result.output as { ScannedCount?: number };
      recorded.push({
        command: String(context.commandName),
        ...(input.IndexName ? { indexName: input.IndexName } : {}),
        ...(input.KeyConditionExpression ? { keyCondition: input.KeyConditionExpression } : {}),
        ...(output.ScannedCount !== undefined ? { scanned: output.ScannedCount } : {}),
      });
      return result;
    },
    { step: "initialize", name: "recordReads" },
  );
  return {
    take() {
      const taken = recorded;
      recorded = [];
      return taken;
    },
  };
}

// Many memories in DynamoDB Local, written as the adapter would write them (its own item
// builder) but through BatchWriteItem, 25 items a request and a bounded number of requests at
// once: a transaction per message would take far longer. For benches that need 100k items.
import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { memoryItem } from "../../adapters/dynamodb/items/memories.ts";
import { Table } from "../../adapters/dynamodb/table.ts";
import type { Memory, UUID } from "../../core/kernel/types/domain.ts";

/** Items in flight per round of BatchWriteItem calls (25 each): 40 requests at once. */
const ROUND = 1_000;

export async function seedDynamoMemories(
  client: DynamoDBClient,
  tableName: string,
  memories: Iterable<Memory & { id: UUID; createdAt: number }>,
  table = "messages",
): Promise<number> {
  const target = new Table(client, tableName);
  let round: ReturnType<typeof memoryItem>[] = [];
  let written = 0;
  const flush = async () => {
    await target.batchWrite(round.map((Item) => ({ PutRequest: { Item } })));
    written += round.length;
    round = [];
  };
  for (const memory of memories) {
    round.push(memoryItem({ unique: false, ...memory }, table));
    if (round.length === ROUND) await flush();
  }
  if (round.length > 0) await flush();
  return written;
}

// What each client's process does (child-sdk.ts, child-fetch.ts): a first put, get and query
// (the cold start: the parent reads this process's CPU on the `first` line), then, when the
// parent answers, BENCH_CALLS more rounds timed by the clock and by this process's CPU.
import type { Send } from "./fetch-client.ts";

export const endpoint = process.env.BENCH_ENDPOINT!;
export const credentials = { accessKeyId: "local", secretAccessKey: "local" };

export async function run(send: Send): Promise<void> {
  const table = process.env.BENCH_TABLE!;
  const pk = `bench-${process.pid}`;
  const round = async (i: number) => {
    await send("PutItem", {
      TableName: table,
      Item: { pk: { S: pk }, sk: { S: `m${i}` }, text: { S: `message ${i}: how are you today?` } },
    });
    const got = await send("GetItem", {
      TableName: table,
      Key: { pk: { S: pk }, sk: { S: `m${i}` } },
      ConsistentRead: true,
    });
    if (!got.Item) throw new Error("the item just put was not found");
    const found = await send("Query", {
      TableName: table,
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": { S: pk } },
      ScanIndexForward: false,
      Limit: 20,
    });
    if (!(found.Items as unknown[] | undefined)?.length) throw new Error("the query found nothing");
  };
  await round(0);
  process.stdout.write("BENCH first\n");
  await new Promise((resolve) => process.stdin.once("data", resolve));
  const wallMs: number[] = [];
  const cpuMs: number[] = [];
  const calls = Number(process.env.BENCH_CALLS ?? 100);
  for (let i = 1; i <= calls + 10; i++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    await round(i);
    const used = process.cpuUsage(cpu);
    if (i <= 10) continue; // the JIT and the connection warm up first
    wallMs.push(performance.now() - started);
    cpuMs.push((used.user + used.system) / 1000);
  }
  process.stdout.write(`BENCH done ${JSON.stringify({ wallMs, cpuMs })}\n`);
  process.exit(0);
}

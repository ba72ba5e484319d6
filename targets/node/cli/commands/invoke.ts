import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { sampleHttpEvent, sampleScheduledEvent } from "../../../lambda/sample-events.ts";
import { COMMON_HELP, type Command } from "../command.ts";
import { CliError, EXIT_FAILURE, EXIT_OK } from "../errors.ts";
import { loadEnvFile } from "../settings.ts";

type Handler = (event: unknown, context: unknown) => Promise<unknown>;

export const invoke: Command = {
  name: "invoke",
  summary: "run a built Lambda handler on AWS's sample HTTP and schedule events",
  usage: "eliza-edge invoke [--handler <file>] [--text <message>] [--event http|schedule|<file>]",
  help: `Loads the handler as Lambda does (dist/lambda/index.js, from \`eliza-edge build lambda\`)
and sends it AWS's sample events: an API Gateway HTTP API (payload 2.0) POST /api/messages
with --text, then an EventBridge scheduled event, the task tick. Prints what it answered.
Settings come from --env-file, else ./.env when there is one. Storage: the DynamoDB table in
DYNAMODB_TABLE (DYNAMODB_ENDPOINT for DynamoDB Local), Postgres at DATABASE_URL, or, with
neither, memory for this one run.

  --handler <file>   the built handler module (default dist/lambda/index.js)
  --text <message>   what the HTTP event says to the agent (default "Hello")
  --event <which>    http, schedule, or a JSON file holding any Lambda event (default both)
${COMMON_HELP}`,
  options: {
    handler: { type: "string" },
    text: { type: "string" },
    event: { type: "string" },
  },
  async run(values) {
    if (!values["env-file"] && existsSync(".env")) loadEnvFile(".env");
    const env = process.env;
    if (!env.DYNAMODB_TABLE && !env.DATABASE_URL && !env.ALLOW_NO_DATABASE) {
      console.log("storage: memory for this run (set DYNAMODB_TABLE, or DATABASE_URL, to keep it)");
      env.ALLOW_NO_DATABASE = "true";
    }
    // The deployed API wants a token; this run makes one up when none is set.
    env.API_TOKEN ||= randomUUID();
    const handler = await loadHandler(
      (values.handler as string | undefined) ?? "dist/lambda/index.js",
    );
    const which = (values.event as string | undefined) ?? "both";
    const events: [string, unknown][] = [];
    if (which === "http" || which === "both") {
      const body = JSON.stringify({
        text: (values.text as string | undefined) ?? "Hello",
        userId: "invoke",
      });
      const request = {
        method: "POST",
        path: "/api/messages",
        headers: { authorization: `Bearer ${env.API_TOKEN}`, "content-type": "application/json" },
        body,
      };
      events.push([`POST /api/messages ${body}`, sampleHttpEvent(request)]);
    }
    if (which === "schedule" || which === "both") {
      events.push(["EventBridge scheduled event", sampleScheduledEvent()]);
    }
    if (events.length === 0) events.push([which, await readEvent(which)]);
    let failed = false;
    for (const [label, event] of events) {
      console.log(`-> ${label}`);
      const result = await handler(event, lambdaContext());
      console.log(`<- ${describe(result)}`);
      failed ||= isFailure(result);
    }
    return failed ? EXIT_FAILURE : EXIT_OK;
  },
};

async function loadHandler(file: string): Promise<Handler> {
  const path = resolve(file);
  if (!existsSync(path)) {
    throw new CliError(`no handler at ${file}: build it first (eliza-edge build lambda)`);
  }
  const module = (await import(pathToFileURL(path).href)) as { handler?: unknown };
  if (typeof module.handler !== "function") {
    throw new CliError(`${file} exports no \`handler\` function`);
  }
  return module.handler as Handler;
}

async function readEvent(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new CliError(`--event: not http, schedule or a JSON file (${(error as Error).message})`);
  }
}

/** The context fields the handler reads; the rest of Lambda's is for logging. */
function lambdaContext() {
  const deadline = Date.now() + 60_000;
  return {
    functionName: "invoke",
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  };
}

/** An HTTP result as status and body (the replies' text when there are some); else JSON. */
function describe(result: unknown): string {
  const http = result as { statusCode?: number; body?: string };
  if (typeof http?.statusCode !== "number") return JSON.stringify(result);
  let body: unknown = http.body;
  try {
    body = JSON.parse(http.body ?? "");
  } catch {}
  const replies = (body as { replies?: { text?: string }[] })?.replies;
  const shown = replies
    ? replies.map((r) => JSON.stringify(r.text ?? "")).join(", ")
    : JSON.stringify(body);
  return `${http.statusCode} ${replies ? `replies: ${shown || "(none)"}` : shown}`;
}

function isFailure(result: unknown): boolean {
  const status = (result as { statusCode?: number })?.statusCode;
  if (typeof status === "number") return status >= 400;
  return typeof result === "object" && result !== null && "error" in result;
}

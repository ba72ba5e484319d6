import type { RunDetail, RunSummary } from "../../../../core/index.ts";
import { answerOf, connectAgentApi } from "../agent-api.ts";
import { COMMON_HELP, type Command } from "../command.ts";
import { EXIT_OK, UsageError } from "../errors.ts";
import { useCharacterFile } from "../settings.ts";

export const runs: Command = {
  name: "runs",
  summary: "what the agent did: its runs (message turns and task runs), or one run step by step",
  usage:
    "eliza-edge runs [<run id>] [--room <id>] [--limit <n>] [--before <ms>] [--json] [--url <base>]",
  help: `Lists the run log, newest first: status, time, the actions with their timings, tokens.
With a run id, that run's steps: the should-respond decision, each model call (provider,
model, tokens, time, retries), actions with results, evaluators, the reply. Reads a server
given by --url (with API_TOKEN), else the local server (the PGlite lock, or HOST:PORT), else
the configured storage directly.

  --room <id>         only this room (your own room id, as in the API)
  --limit <n>         at most n runs (1-100, default 20)
  --before <ms>       runs that ended before this time (the "more" line gives it)
  --json              print the API's JSON
  --url <base>        a deployed agent, e.g. https://agent.example.workers.dev
  --character <file>  character JSON to use instead of ./character.json
${COMMON_HELP}`,
  options: {
    room: { type: "string" },
    limit: { type: "string" },
    before: { type: "string" },
    json: { type: "boolean" },
    url: { type: "string" },
    character: { type: "string" },
  },
  async run(values, positionals) {
    if (positionals.length > 1) throw new UsageError("give at most one run id");
    for (const name of ["limit", "before"] as const) {
      const value = values[name];
      if (value !== undefined && !/^\d+$/.test(String(value))) {
        throw new UsageError(`--${name} must be a positive whole number, got ${value}`);
      }
    }
    await useCharacterFile(values.character as string | undefined);
    const api = await connectAgentApi("runs", values.url as string | undefined);
    try {
      const [id] = positionals;
      if (id) {
        const run = await answerOf(await api.client.api.runs[":id"].$get({ param: { id } }));
        console.log(values.json ? JSON.stringify(run, null, 2) : describeRun(run as RunDetail));
        return EXIT_OK;
      }
      const query: Record<string, string> = {};
      if (values.room) query.roomId = String(values.room);
      if (values.limit) query.limit = String(values.limit);
      if (values.before) query.before = String(values.before);
      const page = await answerOf(await api.client.api.runs.$get({ query }));
      if (values.json) console.log(JSON.stringify(page, null, 2));
      else {
        console.log(
          page.runs.length
            ? page.runs.map((r) => runLine(r as RunSummary)).join("\n")
            : `no runs (${api.where})`,
        );
        if (page.nextBefore !== null)
          console.log(`more: eliza-edge runs --before ${page.nextBefore}`);
      }
      return EXIT_OK;
    } finally {
      await api.close();
    }
  },
};

const time = (ms: number) => new Date(ms).toISOString().replace("T", " ").slice(0, 19);

export function runLine(run: RunSummary): string {
  const what =
    run.kind === "task"
      ? `task ${run.task?.name ?? "?"}`
      : `message${run.didRespond === false ? " (no reply)" : ""}`;
  const actions = run.actions.map(
    (a) => `${a.name}${a.success ? "" : " FAILED"} ${a.durationMs} ms`,
  );
  return [
    time(run.endedAt),
    run.status.padEnd(9),
    what,
    `${run.durationMs} ms`,
    ...(actions.length ? [actions.join(", ")] : []),
    ...(run.usage ? [`${run.usage.totalTokens} tokens`] : []),
    ...(run.error ? [`error: ${run.error}`] : []),
    run.runId,
  ].join("  ");
}

function describeRun({ summary, events }: RunDetail): string {
  const lines = [runLine(summary)];
  if (summary.shouldRespond) {
    lines.push(
      `should respond: ${summary.shouldRespond.respond ? "yes" : "no"} (${summary.shouldRespond.reason})`,
    );
  }
  for (const event of events) {
    const at = `+${event.timestamp - summary.startedAt} ms`.padStart(9);
    lines.push(`${at}  ${event.type}  ${eventText(event.data)}`);
  }
  return lines.join("\n");
}

function eventText(data: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of [
    "modelType",
    "provider",
    "model",
    "actionName",
    "evaluatorName",
    "phase",
    "status",
    "reason",
  ]) {
    if (data[key] !== undefined) parts.push(String(data[key]));
  }
  if (typeof data.executionTime === "number") parts.push(`${data.executionTime} ms`);
  if (typeof data.durationMs === "number") parts.push(`${data.durationMs} ms`);
  if (typeof data.inputTokens === "number")
    parts.push(`in ${data.inputTokens} out ${data.outputTokens}`);
  if (typeof data.retries === "number" && data.retries > 0) parts.push(`${data.retries} retries`);
  if (data.success === false) parts.push("FAILED");
  if (typeof data.error === "string") parts.push(`error: ${data.error}`);
  const result = data.result as { error?: string } | undefined;
  if (result?.error) parts.push(`error: ${result.error}`);
  return parts.join(" ");
}

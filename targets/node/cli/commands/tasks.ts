import { answerOf, connectAgentApi } from "../agent-api.ts";
import { COMMON_HELP, type Command } from "../command.ts";
import { EXIT_OK, UsageError } from "../errors.ts";
import { useCharacterFile } from "../settings.ts";

interface TaskLine {
  id: string;
  name: string;
  status: string;
  nextRunAt: number | null;
  lastRunAt: number | null;
  lastError: string | null;
  failures: number;
  repeat: boolean;
  cron: string | null;
}

const ACTIONS = ["pause", "resume", "delete"] as const;

export const tasks: Command = {
  name: "tasks",
  summary: "the agent's tasks (next run, last error, failures); pause, resume or delete one",
  usage: "eliza-edge tasks [pause|resume|delete <task id>] [--json] [--url <base>]",
  help: `Lists the agent's tasks, soonest first: status (scheduled, running, paused, idle), the
next run, the last run and its error, failures in a row. \`pause <id>\` stops ticks from running
it, \`resume <id>\` lets them again (failures forgotten), \`delete <id>\` removes it. Reads a
server given by --url (with API_TOKEN), else the local server (the PGlite lock, or
HOST:PORT), else the configured storage directly.

  --json              print the API's JSON
  --url <base>        a deployed agent, e.g. https://agent.example.workers.dev
  --character <file>  character JSON to use instead of ./character.json
${COMMON_HELP}`,
  options: {
    json: { type: "boolean" },
    url: { type: "string" },
    character: { type: "string" },
  },
  async run(values, positionals) {
    const [action, id, ...extra] = positionals;
    if (action !== undefined && !ACTIONS.includes(action as (typeof ACTIONS)[number])) {
      throw new UsageError(`unknown action "${action}": pause, resume or delete`);
    }
    if (action && !id) throw new UsageError(`${action} needs a task id`);
    if (extra.length) throw new UsageError("one task id at a time");
    await useCharacterFile(values.character as string | undefined);
    const api = await connectAgentApi("tasks", values.url as string | undefined);
    try {
      const task = api.client.api.tasks[":id"];
      const param = { param: { id: id ?? "" } };
      if (action === "pause" || action === "resume") {
        const changed = await answerOf(
          await (action === "pause" ? task.pause.$post(param) : task.resume.$post(param)),
        );
        console.log(
          values.json
            ? JSON.stringify(changed, null, 2)
            : `${action}d: ${taskLine(changed.task as TaskLine)}`,
        );
        return EXIT_OK;
      }
      if (action === "delete") {
        const deleted = await answerOf(await task.$delete(param));
        console.log(values.json ? JSON.stringify(deleted) : `deleted ${deleted.id}`);
        return EXIT_OK;
      }
      const list = await answerOf(await api.client.api.tasks.$get({ query: {} }));
      if (values.json) console.log(JSON.stringify(list, null, 2));
      else
        console.log(
          list.tasks.length
            ? list.tasks.map((t) => taskLine(t as TaskLine)).join("\n")
            : `no tasks (${api.where})`,
        );
      return EXIT_OK;
    } finally {
      await api.close();
    }
  },
};

const time = (ms: number | null) =>
  ms === null ? "-" : new Date(ms).toISOString().replace("T", " ").slice(0, 19);

function taskLine(task: TaskLine): string {
  return [
    task.id,
    task.name,
    task.status.padEnd(9),
    `next ${time(task.nextRunAt)}`,
    `last ${time(task.lastRunAt)}`,
    ...(task.cron ? [`cron ${task.cron}`] : task.repeat ? ["repeats"] : []),
    ...(task.failures ? [`${task.failures} failures`] : []),
    ...(task.lastError ? [`error: ${task.lastError}`] : []),
  ].join("  ");
}

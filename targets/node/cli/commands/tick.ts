import { connectorsFromEnv } from "../../../../connectors/index.ts";
import {
  characterAgentId,
  createAgent,
  createConsoleLogger,
  jsonLogFormat,
  type LogLevel,
  runDueTasks,
  type TickReport,
} from "../../../../core/index.ts";
import { loadCharacter } from "../../config.ts";
import { storageFromEnv } from "../../storage.ts";
import { COMMON_HELP, type Command } from "../command.ts";
import { CliError, EXIT_OK, UsageError } from "../errors.ts";
import { useCharacterFile } from "../settings.ts";

export const tick: Command = {
  name: "tick",
  summary: "run due tasks (reminders, repeats, inbox) once and print the report",
  usage: "eliza-edge tick [--limit <n>] [--json] [--character <file>]",
  help: `One runDueTasks() against the configured storage (the same rules as \`start\`), as a
platform's cron would call it: for a system crontab, or to check what is due. Reminders for
Telegram or Discord rooms are delivered when TELEGRAM_BOT_TOKEN / DISCORD_* are set.
Failed tasks are retried later by the scheduler; they do not fail the command.
With embedded PGlite it is refused while \`start\` has the directory open: the server's own
task loop runs due tasks (TASK_INTERVAL_MS).

  --limit <n>         run at most n tasks (default 100)
  --json              print the report as JSON
  --character <file>  character JSON to use instead of ./character.json
${COMMON_HELP}`,
  options: {
    limit: { type: "string" },
    json: { type: "boolean" },
    character: { type: "string" },
  },
  async run(values) {
    const limit = values.limit === undefined ? undefined : Number(values.limit);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
      throw new UsageError(`--limit must be a positive whole number, got ${values.limit}`);
    }
    await useCharacterFile(values.character as string | undefined);
    const env = process.env;
    const character = await loadCharacter(env);
    const storage = await storageFromEnv(env, {
      agentId: characterAgentId(character),
      command: "tick",
    }).catch((error: Error) => {
      throw new CliError(`cannot open the storage: ${error.message}`, { cause: error.cause });
    });
    try {
      const runtime = await createAgent({
        character,
        storage,
        env,
        plugins: connectorsFromEnv(env).plugins,
        // The offline-model notice is for servers; a tick prints its report and little else.
        logger: createConsoleLogger((env.LOG_LEVEL as LogLevel | undefined) ?? "warn", {
          json: jsonLogFormat(env.LOG_JSON_FORMAT),
        }),
      });
      const report = await runDueTasks(runtime, limit === undefined ? {} : { limit });
      console.log(values.json ? JSON.stringify(report) : describe(report, storage.kind));
      await runtime.stop();
    } finally {
      await storage.close();
    }
    return EXIT_OK;
  },
};

function describe(r: TickReport, storage: string): string {
  if (r.duplicate) return `this occurrence already ran; nothing done (${storage})`;
  const parts = [
    `ran ${r.ran}`,
    `succeeded ${r.succeeded}`,
    `failed ${r.failed}`,
    `skipped ${r.skipped}`,
    `paused ${r.paused}`,
    `remaining ${r.remaining}`,
  ];
  return `${parts.join(", ")} (${storage})${r.more ? "\nmore tasks are due: tick again" : ""}`;
}

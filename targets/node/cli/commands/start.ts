import { startNodeServer } from "../../server.ts";
import { startBanner } from "../../start-banner.ts";
import { COMMON_HELP, type Command } from "../command.ts";
import { CliError, EXIT_OK, UsageError } from "../errors.ts";
import { useCharacterFile } from "../settings.ts";

export const start: Command = {
  name: "start",
  summary: "serve the agent: REST API, web chat at /, task loop",
  usage: "eliza-edge start [--port <n>] [--host <addr>] [--character <file>]",
  help: `Runs the Node target until Ctrl-C, as \`npm start\` does. Storage: DATABASE_URL (Postgres),
else ALLOW_NO_DATABASE=true (memory), else embedded PGlite in PGLITE_DIR (.eliza-edge/db).

  --port <n>          listen port (default PORT, else 3000; 0 picks a free one)
  --host <addr>       listen address (default HOST, else 127.0.0.1; others need API_TOKEN)
  --character <file>  character JSON to use instead of ./character.json
${COMMON_HELP}`,
  options: {
    port: { type: "string" },
    host: { type: "string" },
    character: { type: "string" },
  },
  async run(values) {
    await useCharacterFile(values.character as string | undefined);
    let port: number | undefined;
    if (values.port !== undefined) {
      port = Number(values.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        throw new UsageError(`--port must be a number between 0 and 65535, got ${values.port}`);
      }
    }
    const server = await startNodeServer({
      ...(port === undefined ? {} : { port }),
      ...(values.host ? { host: values.host as string } : {}),
    }).catch((error: Error) => {
      throw new CliError(`could not start: ${error.message}`);
    });
    const { runtime } = server;
    console.log(startBanner(runtime, server.url, { chatCommand: "npx eliza-edge chat" }));
    const signal = await new Promise<string>((resolve) => {
      process.once("SIGINT", () => resolve("SIGINT"));
      process.once("SIGTERM", () => resolve("SIGTERM"));
    });
    console.log(`${signal}: shutting down`);
    await server.close();
    return EXIT_OK;
  },
};

import { COMMON_HELP, type Command } from "../command.ts";
import { CliError, EXIT_OK, UsageError } from "../errors.ts";

const KINDS = ["lambda", "vercel", "server"] as const;
type Kind = (typeof KINDS)[number];

export const build: Command = {
  name: "build",
  summary: "bundle a project's Lambda, Vercel function or local server with esbuild",
  usage: "eliza-edge build <lambda|vercel|server> [--entry <file>] [--out <path>]",
  help: `Bundles one entry of your project into dist/, the way eliza-edge bundles its own:
  lambda   src/lambda.ts -> dist/lambda/index.js, minified ESM with every dependency; code
           behind dynamic imports (the Postgres driver, the AWS SDK's rarer credential
           providers) in dist/lambda/chunks/, loaded only when reached. Prints what a cold
           start loads, against the 1 MiB the package holds its own Lambda to.
  vercel   src/vercel.ts -> dist/vercel/main.js, one minified file, and dist/vercel/public
  server   src/server.ts -> dist/server.js, dependencies left in node_modules
\`@elizaos/core\` imports get eliza-edge/elizaos. Needs esbuild in the project
(npm i -D esbuild).

  --entry <file>   the entry to bundle (default above)
  --out <path>     the output folder (lambda) or file (default above)
${COMMON_HELP}`,
  options: { entry: { type: "string" }, out: { type: "string" } },
  async run(values, positionals) {
    const [kind, ...extra] = positionals;
    if (!kind || !(KINDS as readonly string[]).includes(kind) || extra.length > 0) {
      throw new UsageError(`say what to build: ${KINDS.join(", ")}`);
    }
    // Loaded only here: the CLI's other commands never need esbuild.
    const builder = await import("../../../bundling/project-build.ts").catch((error) => {
      if ((error as { code?: string }).code === "ERR_MODULE_NOT_FOUND") {
        throw new CliError("eliza-edge build needs esbuild in this project: npm i -D esbuild");
      }
      throw error;
    });
    const built = await builder
      .buildProject(kind as Kind, {
        cwd: process.cwd(),
        entry: values.entry as string | undefined,
        out: values.out as string | undefined,
      })
      .catch((error: Error) => {
        // esbuild's own report (file, line, what failed) is already on stderr.
        throw new CliError(error.message.split("\n")[0] ?? "build failed");
      });
    const [main] = built.files;
    if (built.loadedBytes === undefined) {
      console.log(`built ${main}`);
      return EXIT_OK;
    }
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    const budget = kind === "lambda" ? ` (budget ${kib(builder.LAMBDA_START_BUDGET)})` : "";
    console.log(
      `built ${main}: ${kib(built.loadedBytes)} loaded at a cold start${budget}, ${built.files.length} files`,
    );
    if (kind === "lambda" && built.loadedBytes > builder.LAMBDA_START_BUDGET) {
      console.warn(
        "eliza-edge build: over budget; a dependency imported at the top of src/lambda.ts loads at every cold start (import it where it is used, with await import())",
      );
    }
    return EXIT_OK;
  },
};

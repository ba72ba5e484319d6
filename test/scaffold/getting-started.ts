// The commands each getting-started page (docs/getting-started/<page>.md) tells a reader to run,
// in order: one list per target. test/scaffold/packed.test.ts runs them on a fresh project, and
// test/docs/getting-started.test.ts checks that each page shows them verbatim in ```sh blocks, so
// a page whose commands stop working fails CI.
//
// How the packed test runs them (the only differences from a reader's terminal):
// - `scaffold` runs from an empty directory standing in for the clone's, with npm's `--prefix`
//   pointing at the clone, so `../my-agent` lands in the test's temporary directory;
// - `enter` is the working directory of the commands after it;
// - `install` runs with npm's prefer-offline setting (the environment, not the command);
// - `run` gets a free port (PORT for Node, `-- --ip 127.0.0.1 --port <p>` for wrangler dev) and an
//   embedded database in the project, is asked one message, then stopped.

/** The scaffolder's targets (deployables.ts's, repeated so this list stays import-free). */
export type Target = "cloudflare" | "lambda" | "vercel" | "node";

export interface GettingStarted {
  /** `--target` of the scaffolder. */
  target: Target;
  /** The page under docs/getting-started/, without `.md`. */
  page: string;
  /** The project's directory, relative to the clone. */
  project: string;
  /** The steps, in the order the page shows them. */
  steps: {
    /** From the clone: writes the project. */
    scaffold: string;
    /** Into the project. */
    enter: string;
    install: string;
    test: string;
    /** Runs the agent locally; it answers `POST /api/messages`. */
    run: string;
    /** The deploy's dry run: builds what would be deployed, without an account. */
    dryRun: string;
  };
  /** What the scaffolder writes that the deploy reads (checked to exist). */
  descriptor: string;
}

const project = "../my-agent";

function scaffold(target: Target, bots: string, model: string): string {
  return `npm run create -- ${project} --target ${target} --bots ${bots} --model ${model}`;
}

export const GETTING_STARTED: readonly GettingStarted[] = [
  {
    target: "cloudflare",
    page: "cloudflare-workers",
    project,
    steps: {
      // Workers AI would need `wrangler login` before `npm start`: the page runs offline.
      scaffold: scaffold("cloudflare", "telegram", "openai-compatible"),
      enter: `cd ${project}`,
      install: "npm install",
      test: "npm test",
      run: "npm start",
      dryRun: "npm run check",
    },
    descriptor: "wrangler.toml",
  },
  {
    target: "lambda",
    page: "aws-lambda",
    project,
    steps: {
      scaffold: scaffold("lambda", "discord", "anthropic"),
      enter: `cd ${project}`,
      install: "npm install",
      test: "npm test",
      run: "npm start",
      dryRun: "npm run build",
    },
    descriptor: "serverless.yml",
  },
  {
    target: "vercel",
    page: "vercel",
    project,
    steps: {
      scaffold: scaffold("vercel", "none", "openai-compatible"),
      enter: `cd ${project}`,
      install: "npm install",
      test: "npm test",
      run: "npm start",
      dryRun: "npm run build",
    },
    descriptor: "vercel.json",
  },
  {
    target: "node",
    page: "node",
    project,
    steps: {
      scaffold: scaffold("node", "telegram,discord", "openai-compatible"),
      enter: `cd ${project}`,
      install: "npm install",
      test: "npm test",
      run: "npm start",
      dryRun: "npm run build",
    },
    descriptor: "src/server.ts",
  },
];

/** A command's words (the commands above have no quotes or shell syntax but `cd`). */
export function words(command: string): string[] {
  return command.split(/\s+/).filter(Boolean);
}

/** The arguments npm gets for an `npm ...` command. */
export function npmArgs(command: string): string[] {
  const [program, ...args] = words(command);
  if (program !== "npm") throw new Error(`not an npm command: ${command}`);
  return args;
}

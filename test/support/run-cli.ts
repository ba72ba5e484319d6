// Runs the `eliza-edge` bin as a user would, in a child process, and collects what it printed.
import { spawn } from "node:child_process";
import { delimiter, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { npmBin } from "../../tools/npm-bin.ts";

export const root = fileURLToPath(new URL("../..", import.meta.url));
// The bin's source: the built dist/cli.mjs is run from the packed tarball by test/package/.
const bin = fileURLToPath(new URL("../../targets/node/cli/bin.ts", import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  env: Record<string, string> = {},
  stdin = "",
): Promise<CliRun> {
  // `--` as in the bin's shebang: Node 20 would otherwise take a later `--env-file` as its own.
  return collect(
    process.execPath,
    ["--import", "tsx", "--", bin, ...args],
    { LOG_LEVEL: "warn", ...env },
    stdin,
  );
}

/** A repository script run as its npm script runs it (`npm start`: targets/node/main.ts). */
export function runScript(script: string, env: Record<string, string> = {}): Promise<CliRun> {
  return collect(process.execPath, ["--import", "tsx", script], env, "");
}

/** `npm run <script>` in the repository, as a user types it; --silent keeps npm's banner out. */
export function runNpm(
  script: string,
  env: Record<string, string> = {},
  stdin = "",
): Promise<CliRun> {
  const npm = npmBin;
  return collect(npm, ["run", "--silent", script], { LOG_LEVEL: "warn", ...env }, stdin);
}

function collect(
  command: string,
  args: string[],
  env: Record<string, string>,
  stdin: string,
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ""}`, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

// A getting-started page's "run it locally" step, as the packed test runs it: the command (`npm
// start`) on a free port and an embedded database in the project, until the agent says where it
// listens; the caller's requests; then the whole process group is stopped.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import type { Target } from "./deployables.ts";
import { quietEnv } from "./deployables.ts";
import { npmArgs } from "./getting-started.ts";

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Where the command says the agent listens: Node's start banner, or wrangler dev's. */
const LISTENING = /listening on (http:\/\/\S+)|Ready on (http:\/\/\S+)/;

export async function whileRunning<T>(
  target: Target,
  command: string,
  dir: string,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const args = npmArgs(command);
  // wrangler dev takes its address as flags (npm passes what follows `--` to the script).
  if (target === "cloudflare") args.push("--", "--ip", "127.0.0.1", "--port", String(port));
  const child = spawn("npm", args, {
    cwd: dir,
    env: {
      ...quietEnv,
      PORT: String(port),
      PGLITE_DIR: join(dir, ".eliza-edge/db"),
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: npm, the shell and the server all stop together.
    detached: true,
  });
  let output = "";
  const exited = new Promise<number | null>((done) => child.once("exit", done));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${command}: no start within 300 s:\n${output}`)),
        300_000,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = LISTENING.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1] ?? match[2]!);
        }
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`${command} exited ${code} before listening:\n${output}`));
      });
    });
    return await use(url.replace(/\/$/, ""));
  } finally {
    if (child.exitCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await exited;
    }
  }
}

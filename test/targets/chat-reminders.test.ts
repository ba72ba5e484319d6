// `npm run chat` shows what the agent says on its own as it fires: in-process, with the chat's
// own task loop; and through a running server, by watching the room. The user types a reminder
// request and keeps the terminal open; the reminder appears below the prompt.
import { type ChildProcess, spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, GUARDED_TEST_MS } from "../support/eventually.ts";
import { root } from "../support/run-cli.ts";
import { type RunningTarget, spawnNodeTarget } from "../support/spawn-node-target.ts";

const bin = "targets/node/cli/bin.ts";
let chat: ChildProcess | undefined;
let server: RunningTarget | undefined;
afterEach(async () => {
  chat?.stdin?.end();
  chat?.kill();
  chat = undefined;
  await server?.stop();
  server = undefined;
});

/** `eliza-edge chat` with stdin held open, as a person at a terminal. */
function openChat(env: Record<string, string>) {
  let output = "";
  chat = spawn(process.execPath, ["--import", "tsx", "--", bin, "chat"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  chat.stdout?.on("data", (d) => {
    output += d;
  });
  chat.stderr?.on("data", (d) => {
    output += d;
  });
  return {
    output: () => output,
    type: (line: string) => chat?.stdin?.write(`${line}\n`),
  };
}

describe("npm run chat shows reminders as they fire", () => {
  it(
    "in-process: its own task loop says the reminder",
    async () => {
      const c = openChat({ ALLOW_NO_DATABASE: "true", TASK_INTERVAL_MS: "200", PORT: "1" });
      await eventually("the prompt", () => c.output().includes("Type /quit to leave"));
      c.type("remind me in 2 seconds to stretch");
      await eventually("the confirmation", () => c.output().includes("in 2 seconds: stretch"));
      await eventually("the reminder", () => c.output().includes("Eliza: Reminder: stretch"));
      expect(c.output().match(/Reminder: stretch/g)).toHaveLength(1);
    },
    GUARDED_TEST_MS * 3,
  );

  it(
    "through a running server: the room's new messages are printed",
    async () => {
      server = await spawnNodeTarget({ TASK_INTERVAL_MS: "200", ALLOW_NO_DATABASE: "true" });
      const port = new URL(server.url).port;
      const c = openChat({ ALLOW_NO_DATABASE: "true", HOST: "127.0.0.1", PORT: port });
      await eventually("the server", () => c.output().includes("talking to the server at"));
      c.type("remind me in 2 seconds to drink water");
      await eventually("the confirmation", () => c.output().includes("drink water."));
      await eventually("the reminder", () => c.output().includes("Eliza: Reminder: drink water"));
      // The reply to the send was printed once, not again by the watcher.
      expect(c.output().match(/in 2 seconds: drink water/g)).toHaveLength(1);
    },
    120_000 + GUARDED_TEST_MS * 3,
  );
});

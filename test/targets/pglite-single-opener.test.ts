// Two processes on one PGlite directory lose data (issue 12: a `tick` beside `npm start` ran
// reminders whose replies were gone after a restart). Spawned as a user runs them: while the
// server holds PGLITE_DIR, `tick`, `migrate` and `knowledge:ingest` refuse with one line naming
// it (pid and URL) and exit 1, and `chat` talks through it; a kill -9 leaves a lock that does
// not block the next start; a clean stop removes it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LOCK_FILE } from "../../targets/node/data-dir-lock.ts";
import { runCli, runScript } from "../support/run-cli.ts";
import { type RunningTarget, spawnNodeTarget, tempDataDir } from "../support/spawn-node-target.ts";

let target: RunningTarget | undefined;
afterEach(async () => {
  await target?.stop();
  target = undefined;
});

const knowledgeIngest = (env: Record<string, string>) =>
  runScript("targets/node/knowledge-cli.ts", env);

describe("one process per PGLITE_DIR", () => {
  it("tick, migrate and knowledge:ingest refuse while npm start holds it; chat goes through it", async () => {
    const PGLITE_DIR = tempDataDir();
    target = await spawnNodeTarget({ PGLITE_DIR, TASK_INTERVAL_MS: "0" });
    const pid = target.child.pid!;
    const lock = JSON.parse(readFileSync(join(PGLITE_DIR, LOCK_FILE), "utf8"));
    expect(lock).toMatchObject({ pid, command: "start", url: target.url });
    const holder = `in use by eliza-edge start (pid ${pid}, serving ${target.url})`;

    for (const command of ["tick", "migrate"]) {
      const run = await runCli([command], { PGLITE_DIR });
      expect(run.code, command).toBe(1);
      expect(run.stderr).toContain(`eliza-edge ${command}: `);
      expect(run.stderr).toContain(holder);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
    }
    const ingest = await knowledgeIngest({ PGLITE_DIR });
    expect(ingest.code).toBe(1);
    expect(ingest.stderr).toContain(holder);

    // HOST/PORT say nothing about this server (PORT=0): the lock's URL finds it.
    const chat = await runCli(["chat"], { PGLITE_DIR, PORT: "9" }, "I feel sad\n/quit\n");
    expect(chat.code).toBe(0);
    expect(chat.stdout).toContain(`(talking to the server at ${target.url})`);
    expect(chat.stdout).toMatch(/Eliza: .*feel/i);
    const history = await (
      await fetch(`${target.url}/api/rooms/terminal:${process.env.USER ?? "you"}/messages`)
    ).json();
    expect(history.messages[0]?.text).toBe("I feel sad");

    expect(await target.stop()).toBe(0);
    expect(existsSync(join(PGLITE_DIR, LOCK_FILE))).toBe(false);
  }, 300_000);

  it("a kill -9 does not block the next start", async () => {
    const PGLITE_DIR = tempDataDir();
    target = await spawnNodeTarget({ PGLITE_DIR, TASK_INTERVAL_MS: "0" });
    target.child.kill("SIGKILL");
    await target.stop();
    expect(existsSync(join(PGLITE_DIR, LOCK_FILE))).toBe(true);
    target = await spawnNodeTarget({ PGLITE_DIR, TASK_INTERVAL_MS: "0" });
    const health = await fetch(`${target.url}/health`);
    expect(health.status).toBe(200);
    expect(JSON.parse(readFileSync(join(PGLITE_DIR, LOCK_FILE), "utf8")).pid).toBe(
      target.child.pid,
    );
  }, 300_000);
});

// Configuration the README promises, enforced where a user meets it: spawned `eliza-edge` and
// `npm start` processes that refuse bad settings with one line and the documented exit code
// (0 ok, 1 the command failed, 2 usage), instead of hanging or printing node's own errors.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { startFakeTelegram } from "../fakes/telegram-server.ts";
import { runCli, runScript } from "../support/run-cli.ts";

// Each test waits for a spawned process to exit (the real signal); starting one transpiles the
// CLI or the target with tsx and may open PGlite, which on a loaded machine can pass the 30 s
// default by itself. The timeout is only a guard against a hang.
vi.setConfig({ testTimeout: 180_000 });

const oneLine = (text: string) => expect(text.trim().split("\n")).toHaveLength(1);

/** `npm start` (targets/node/main.ts) until it exits; these settings must stop it at once. */
const npmStart = (env: Record<string, string>) =>
  runScript("targets/node/main.ts", { PORT: "0", TASK_INTERVAL_MS: "0", ...env });

describe("settings the README promises", () => {
  it("npm start refuses a CRON_SECRET under 16 characters with one line", async () => {
    const run = await npmStart({ ALLOW_NO_DATABASE: "true", CRON_SECRET: "short" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("CRON_SECRET must be at least 16 characters");
    oneLine(run.stderr);
  });

  it("npm start fails fast naming PGLITE_DIR when the directory cannot be created", async () => {
    const run = await npmStart({ PGLITE_DIR: "/proc/nope" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("PGLITE_DIR /proc/nope cannot be created");
    oneLine(run.stderr);
  });

  it("a DATABASE_URL password never reaches stderr when the database is refused", async () => {
    const DATABASE_URL = "postgres://alice:hunter2-secret@127.0.0.1:1/app";
    const runs = [
      ["npm start", await npmStart({ DATABASE_URL })],
      ["migrate", await runCli(["migrate"], { DATABASE_URL })],
    ] as const;
    for (const [name, run] of runs) {
      expect(run.code, name).toBe(1);
      expect(run.stderr, name).toContain("ECONNREFUSED");
      expect(`${run.stdout}${run.stderr}`, name).not.toContain("hunter2");
      oneLine(run.stderr);
    }
  });

  it("says DATABASE_URL is not a postgres:// URL instead of a DNS error", async () => {
    for (const command of ["tick", "migrate"]) {
      const run = await runCli([command], { DATABASE_URL: "notaurl" });
      expect(run.code, command).toBe(1);
      expect(run.stderr).toContain("DATABASE_URL is not a postgres:// URL");
      expect(run.stderr).not.toContain("ENOTFOUND");
      oneLine(run.stderr);
    }
  });

  it("--env-file that is not there exits 1 with our one line, not node's exit 9", async () => {
    const run = await runCli(["tick", "--env-file", "/nope"]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      "eliza-edge tick: cannot read --env-file /nope: ENOENT: no such file or directory, open '/nope'",
    );
  });

  it("--env-file is read by the telegram pass-through commands too", async () => {
    const telegram = await startFakeTelegram();
    try {
      const dir = mkdtempSync(join(tmpdir(), "eliza-edge-env-"));
      const file = join(dir, "bot.env");
      writeFileSync(
        file,
        `TELEGRAM_BOT_TOKEN=${telegram.token}\nTELEGRAM_API_BASE=${telegram.origin}\n`,
      );
      const run = await runCli(["telegram:webhook-info", "--env-file", file]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(telegram.requests.map((r) => r.path)).toEqual([
        `/bot${telegram.token}/getMe`,
        `/bot${telegram.token}/getWebhookInfo`,
      ]);
    } finally {
      await telegram.close();
    }
  });
});

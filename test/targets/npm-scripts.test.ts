// `npm run db:migrate` and `npm run chat` run as a user types them behave as their
// `eliza-edge migrate` / `eliza-edge chat` commands: the same DATABASE_URL check, the same
// refusal of a PGlite directory another process holds, one line (never a stack) on failure.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, LOCK_FILE } from "../../targets/node/data-dir-lock.ts";
import { runCli, runNpm } from "../support/run-cli.ts";
import { tempDataDir } from "../support/spawn-node-target.ts";

const oneLine = (text: string) => expect(text.trim().split("\n")).toHaveLength(1);

describe("npm run db:migrate", () => {
  it("migrates PGlite, releases the directory, then says it is up to date", async () => {
    const PGLITE_DIR = tempDataDir();
    const first = await runNpm("db:migrate", { PGLITE_DIR });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^applied .*\(pglite\)/);
    expect(existsSync(join(PGLITE_DIR, LOCK_FILE))).toBe(false);
    const again = await runNpm("db:migrate", { PGLITE_DIR });
    expect(again.stdout).toContain("schema up to date (pglite)");
  });

  it("refuses a PGlite directory another process holds, like eliza-edge migrate", async () => {
    const PGLITE_DIR = tempDataDir();
    // This test process plays the server: a live pid on this host holds the lock.
    const lock = acquireDataDirLock(PGLITE_DIR, "start");
    try {
      const holder = `in use by eliza-edge start (pid ${process.pid})`;
      const npm = await runNpm("db:migrate", { PGLITE_DIR });
      const cli = await runCli(["migrate"], { PGLITE_DIR });
      for (const run of [npm, cli]) {
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(holder);
        expect(run.stdout).toBe("");
        oneLine(run.stderr);
      }
      expect(npm.stderr).toMatch(/^db:migrate failed: /);
    } finally {
      lock.release();
    }
  });

  it("says DATABASE_URL is not a postgres:// URL, and names a refused database in one line", async () => {
    const bad = await runNpm("db:migrate", { DATABASE_URL: "notaurl" });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("DATABASE_URL is not a postgres:// URL");
    expect(bad.stderr).not.toContain("ENOTFOUND");
    oneLine(bad.stderr);

    const refused = await runNpm("db:migrate", {
      DATABASE_URL: "postgres://alice:hunter2-secret@127.0.0.1:1/app",
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("ECONNREFUSED");
    expect(refused.stderr).not.toContain("hunter2");
    oneLine(refused.stderr);
  });
});

describe("npm run chat", () => {
  it("reports a broken character in one line, as eliza-edge chat does", async () => {
    const env = { ALLOW_NO_DATABASE: "true", CHARACTER_JSON: '{"bio":3}' };
    const npm = await runNpm("chat", env);
    const cli = await runCli(["chat"], env);
    expect(npm.code).toBe(1);
    expect(npm.stderr).toContain("Invalid character in CHARACTER_JSON: name");
    oneLine(npm.stderr);
    expect(npm.stderr).toBe(cli.stderr);
  });

  it("answers piped lines and exits 0 on /quit", async () => {
    const run = await runNpm("chat", { ALLOW_NO_DATABASE: "true" }, "I feel sad\n/quit\n");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Eliza: .*feel/i);
    // No model key: the chat says what answers, so a first-time user does not suspect a bug.
    expect(run.stdout).toContain("(Eliza is the offline ELIZA (no OPENAI_API_KEY");
  });
});

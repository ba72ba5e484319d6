// The `eliza-edge` CLI, spawned as a user runs it: exit codes (0 ok, 1 failed, 2 usage), help
// for every command, and one-line errors without stack traces for expected problems.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { createPgliteStorage } from "../../adapters/postgres/index.ts";
import {
  characterAgentId,
  MemoryTable,
  parseCharacterJson,
  REMINDER_TASK,
  stringToUuid,
  type UUID,
} from "../../core/index.ts";
import { root, runCli } from "../support/run-cli.ts";
import { tempDataDir } from "../support/spawn-node-target.ts";

// Each test waits for a spawned process to exit (the real signal); starting one transpiles the
// CLI or the target with tsx and may open PGlite, which on a loaded machine can pass the 30 s
// default by itself. The timeout is only a guard against a hang.
vi.setConfig({ testTimeout: 180_000 });

const COMMANDS = [
  "start",
  "chat",
  "migrate",
  "tick",
  "runs",
  "tasks",
  "telegram:set-webhook",
  "telegram:webhook-info",
  "discord:register-commands",
  "character:validate",
  "build",
  "invoke",
  "dynamodb:create-table",
  "dynamodb:local",
];
const noStack = (text: string) => expect(text).not.toMatch(/^\s+at /m);

describe("eliza-edge CLI", () => {
  it("lists every command with --help and exits 0", async () => {
    const run = await runCli(["--help"]);
    expect(run.code).toBe(0);
    for (const name of COMMANDS) expect(run.stdout).toContain(name);
  });

  it("prints the list and exits 2 without a command, or with an unknown one", async () => {
    const bare = await runCli([]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain("usage: eliza-edge <command>");
    const unknown = await runCli(["serve"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "serve"');
  });

  it.each(COMMANDS)("%s --help prints its usage and exits 0", async (name) => {
    const run = await runCli([name, "--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`usage: eliza-edge ${name}`);
  });

  it("rejects an unknown option with exit 2 and the command's usage", async () => {
    const run = await runCli(["tick", "--frobnicate"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--frobnicate");
    expect(run.stderr).toContain("usage: eliza-edge tick");
  });

  describe("character:validate", () => {
    it("exits 0 for a valid file", async () => {
      const run = await runCli(["character:validate", "test/fixtures/characters/elizaos-1x.json"]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain("valid character");
    });

    it("exits 1 and lists every bad field", async () => {
      const dir = mkdtempSync(join(tmpdir(), "eliza-edge-cli-"));
      const file = join(dir, "bad.json");
      writeFileSync(file, JSON.stringify({ bio: 3, style: { all: "loud" }, adjectives: [1] }));
      const run = await runCli(["character:validate", file]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("invalid character (4 problems)");
      for (const field of ["  name:", "  bio:", "  style.all:", "  adjectives.0:"]) {
        expect(run.stderr).toContain(field);
      }
      noStack(run.stderr);
    });

    it("exits 1 for a file that is not JSON or not there, 2 without a file", async () => {
      const dir = mkdtempSync(join(tmpdir(), "eliza-edge-cli-"));
      writeFileSync(join(dir, "x.json"), "{ not json");
      const notJson = await runCli(["character:validate", join(dir, "x.json")]);
      expect(notJson.code).toBe(1);
      noStack(notJson.stderr);
      const missing = await runCli(["character:validate", join(dir, "missing.json")]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("no such file");
      const none = await runCli(["character:validate"]);
      expect(none.code).toBe(2);
    });
  });

  describe("migrate and tick", () => {
    it("migrates embedded PGlite, then says it is up to date", async () => {
      const PGLITE_DIR = tempDataDir();
      const first = await runCli(["migrate"], { PGLITE_DIR });
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/^applied .*\(pglite\)/);
      const again = await runCli(["migrate"], { PGLITE_DIR });
      expect(again.code).toBe(0);
      expect(again.stdout).toContain("schema up to date (pglite)");
    });

    it("tick runs a due reminder once against the configured storage and reports it", async () => {
      const PGLITE_DIR = tempDataDir();
      const character = parseCharacterJson(
        await import("node:fs/promises").then((fs) =>
          fs.readFile(join(root, "character.json"), "utf8"),
        ),
      );
      const agentId = characterAgentId(character);
      const roomId = stringToUuid("cli-test-room") as UUID;
      const storage = await createPgliteStorage({ dataDir: PGLITE_DIR, agentId });
      await storage.init();
      await storage.batch([
        {
          op: "createTask",
          task: {
            id: stringToUuid("cli-test-reminder") as UUID,
            name: REMINDER_TASK,
            agentId,
            roomId,
            tags: ["queue"],
            dueAt: Date.now() - 1000,
            metadata: { text: "water the plants" },
          },
        },
      ]);
      await storage.close();

      const run = await runCli(["tick", "--json"], { PGLITE_DIR });
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ ran: 1, succeeded: 1, failed: 0 });
      const again = await runCli(["tick"], { PGLITE_DIR });
      expect(again.stdout).toMatch(/^ran 0, /);

      const after = await createPgliteStorage({ dataDir: PGLITE_DIR, agentId });
      await after.init();
      const said = await after.getMemories({ tableName: MemoryTable.MESSAGES, roomId });
      await after.close();
      expect(said.map((m) => m.content.text)).toEqual(["Reminder: water the plants"]);
    });

    it("fails with one line, exit 1, when the database is unreachable", async () => {
      const env = { DATABASE_URL: "postgres://u:p@127.0.0.1:1/db" };
      for (const command of ["tick", "migrate"]) {
        const run = await runCli([command], env);
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(`eliza-edge ${command}:`);
        expect(run.stderr).toContain("ECONNREFUSED");
        noStack(run.stderr);
      }
    });
  });

  describe("chat", () => {
    it("answers piped lines and exits 0 on /quit", async () => {
      const run = await runCli(["chat"], { ALLOW_NO_DATABASE: "true" }, "I feel sad\n/quit\n");
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/Eliza: .*feel/i);
    });

    it("names the bad field of a broken character, without a stack", async () => {
      const run = await runCli(["chat"], {
        ALLOW_NO_DATABASE: "true",
        CHARACTER_JSON: '{"bio":3}',
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("eliza-edge chat: Invalid character in CHARACTER_JSON: name");
      noStack(run.stderr);
    });
  });

  describe("start", () => {
    it("serves until SIGTERM, then exits 0", async () => {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", "--", "targets/node/cli/bin.ts", "start", "--port", "0"],
        {
          cwd: root,
          env: { PATH: process.env.PATH ?? "", ALLOW_NO_DATABASE: "true", TASK_INTERVAL_MS: "0" },
        },
      );
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      let out = "";
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (d) => {
          out += d;
          const match = /listening on (http:\/\/\S+)/.exec(out);
          if (match) resolve(match[1]!);
        });
        void exited.then(() => reject(new Error(`exited early:\n${out}`)));
      });
      const health = await (await fetch(`${url}/health`)).json();
      expect(health.storage).toBe("memory");
      expect((await fetch(`${url}/`)).headers.get("content-type")).toContain("text/html");
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    });

    it("refuses a public address without API_TOKEN (exit 1) and a bad port (exit 2)", async () => {
      const open = await runCli(["start", "--host", "0.0.0.0"], { ALLOW_NO_DATABASE: "true" });
      expect(open.code).toBe(1);
      expect(open.stderr).toContain("API_TOKEN must be set");
      noStack(open.stderr);
      const port = await runCli(["start", "--port", "http"]);
      expect(port.code).toBe(2);
    });
  });

  describe("connector commands", () => {
    it("say which setting is missing instead of calling the platform, exit 1 (not usage)", async () => {
      const telegram = await runCli(["telegram:set-webhook", "--url", "https://bot.example"]);
      expect(telegram.code).toBe(1);
      expect(telegram.stderr).toContain("TELEGRAM_BOT_TOKEN is not set");
      const info = await runCli(["telegram:webhook-info"]);
      expect(info.code).toBe(1);
      expect(info.stderr).toContain("TELEGRAM_BOT_TOKEN is not set");
      const discord = await runCli(["discord:register-commands"]);
      expect(discord.code).toBe(1);
      expect(discord.stderr).toMatch(/DISCORD_APPLICATION_ID is not set/);
      noStack(telegram.stderr + info.stderr + discord.stderr);
    });
  });
});

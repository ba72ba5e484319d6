// `eliza-edge runs` and `eliza-edge tasks`, spawned as a user runs them: on the embedded PGlite
// with no server running (the storage opened in the CLI's process), and against a running
// server by --url with its API_TOKEN. Lists, one run step by step, pause/resume/delete, and
// the exit codes of a wrong id, a wrong token and a wrong command line.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createPgliteStorage } from "../../adapters/postgres/index.ts";
import {
  ChannelType,
  characterAgentId,
  createAgent,
  messageService,
  parseCharacterJson,
  stringToUuid,
} from "../../core/index.ts";
import { type NodeServer, startNodeServer } from "../../targets/node/server.ts";
import { root, runCli } from "../support/run-cli.ts";
import { scriptedModel } from "../support/scripted-model.ts";
import { tempDataDir } from "../support/spawn-node-target.ts";

// Each CLI run is a process that transpiles the CLI with tsx and opens PGlite: seconds each on
// a loaded machine. The timeout only guards a hang.
vi.setConfig({ testTimeout: 240_000 });

let server: NodeServer | undefined;
afterAll(async () => {
  await server?.close();
});

describe("eliza-edge runs / tasks on the embedded PGlite", () => {
  it("lists runs and tasks, shows a run's steps, pauses, resumes and deletes", async () => {
    const PGLITE_DIR = tempDataDir();
    const character = parseCharacterJson(await readFile(join(root, "character.json"), "utf8"));
    const storage = await createPgliteStorage({
      dataDir: PGLITE_DIR,
      agentId: characterAgentId(character),
    });
    await storage.init();
    const model = scriptedModel(
      "<response><actions>REPLY</actions><text>Logged.</text></response>",
    );
    const runtime = await createAgent({
      character,
      storage,
      plugins: [model.plugin],
      logger: { debug() {}, info() {}, warn() {}, error() {} },
    });
    const entityId = stringToUuid("cli-user");
    const roomId = stringToUuid("cli-room");
    const turn = await messageService.handleMessage(
      runtime,
      { entityId, roomId, content: { text: "hello", channelType: ChannelType.DM, source: "cli" } },
      undefined,
      { connection: { entityId, roomId, source: "cli", type: ChannelType.DM, userName: "cli" } },
    );
    const taskId = await runtime.createTask({
      name: "NIGHTLY_DIGEST",
      tags: ["queue", "repeat"],
      metadata: { updateInterval: 86_400_000 },
    });
    await runtime.stop();
    await storage.close();

    const env = { PGLITE_DIR, PORT: "1" }; // nothing serves on port 1: the storage is opened
    const list = await runCli(["runs"], env);
    expect(list.stderr).toBe("");
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(turn.runId);
    expect(list.stdout).toMatch(/completed\s+message\s+\d+ ms\s+REPLY \d+ ms/);

    const one = await runCli(["runs", turn.runId], env);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/should respond: yes/);
    expect(one.stdout).toMatch(/MODEL_USED\s+TEXT_LARGE scripted-model/);
    expect(one.stdout).toMatch(/ACTION_COMPLETED\s+REPLY/);

    const json = await runCli(["runs", "--json", "--limit", "1"], env);
    expect(JSON.parse(json.stdout).runs[0].runId).toBe(turn.runId);

    const tasks = await runCli(["tasks"], env);
    expect(tasks.code).toBe(0);
    expect(tasks.stdout).toMatch(new RegExp(`${taskId}\\s+NIGHTLY_DIGEST\\s+scheduled`));
    const paused = await runCli(["tasks", "pause", taskId], env);
    expect(paused.stdout).toMatch(/^paused: .*NIGHTLY_DIGEST\s+paused\s+next -/);
    const resumed = await runCli(["tasks", "resume", taskId, "--json"], env);
    expect(JSON.parse(resumed.stdout).task.status).toBe("scheduled");
    const deleted = await runCli(["tasks", "delete", taskId], env);
    expect(deleted.stdout.trim()).toBe(`deleted ${taskId}`);

    const gone = await runCli(["tasks", "pause", taskId], env);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(`No task ${taskId}`);
    const usage = await runCli(["tasks", "frobnicate", taskId], env);
    expect(usage.code).toBe(2);
    const badLimit = await runCli(["runs", "--limit", "ten"], env);
    expect(badLimit.code).toBe(2);
  });
});

describe("eliza-edge runs / tasks against a server", () => {
  it("reads a running agent by --url with its API_TOKEN, and says so when the token is wrong", async () => {
    server = await startNodeServer({
      env: {
        ALLOW_NO_DATABASE: "true",
        TASK_INTERVAL_MS: "0",
        API_TOKEN: "cli-url-token-123",
        LOG_LEVEL: "error",
      },
      port: 0,
    });
    const sent = await fetch(`${server.url}/api/messages`, {
      method: "POST",
      headers: { authorization: "Bearer cli-url-token-123", "content-type": "application/json" },
      body: JSON.stringify({ text: "I feel curious", userId: "url-user" }),
    });
    const { runId } = (await sent.json()) as { runId: string };
    const ok = await runCli(["runs", "--url", server.url, "--room", "dm:url-user"], {
      API_TOKEN: "cli-url-token-123",
    });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(runId);
    const denied = await runCli(["tasks", "--url", server.url], { API_TOKEN: "wrong-token" });
    expect(denied.code).toBe(1);
    expect(denied.stderr).toMatch(/API_TOKEN/);
  });
});

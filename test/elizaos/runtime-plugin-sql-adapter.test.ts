// elizaOS's own database adapter as `new AgentRuntime({ adapter })`: @elizaos/plugin-sql's
// PGlite adapter, as an elizaOS script builds it, bridged to eliza-edge's storage contract.
// initialize() writes the agent's row, entity, world and SELF room into plugin-sql's tables,
// and a message turn stores the message there and answers it.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sqlPlugin, { createDatabaseAdapter, DatabaseMigrationService } from "@elizaos/plugin-sql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentRuntime, ChannelType, type Memory, stringToUuid } from "../../core/elizaos/index.ts";
import { bootstrapPlugin, createElizaPlugin } from "../../core/index.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
type SqlAdapter = ReturnType<typeof createDatabaseAdapter>;
type Call = (...args: unknown[]) => Promise<unknown>;
/** One of the adapter's methods, called as elizaOS calls it. */
const call = (adapter: SqlAdapter, name: string, ...args: unknown[]) =>
  (adapter[name] as unknown as Call).apply(adapter, args);

describe("plugin-sql's adapter as the runtime's `adapter`", () => {
  let dataDir: string;
  let adapter: SqlAdapter;
  const agentId = stringToUuid("Ada");

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "plugin-sql-adapter-"));
    adapter = createDatabaseAdapter({ dataDir }, agentId);
    await call(adapter, "init");
    // plugin-sql's tables, as elizaOS's server migrates them before the runtime starts.
    const migrations = new DatabaseMigrationService();
    await migrations.initializeWithDatabase(adapter.getDatabase());
    migrations.discoverAndRegisterPluginSchemas([sqlPlugin]);
    await migrations.runAllPluginMigrations();
  }, 60_000);

  afterAll(async () => {
    if (adapter) await call(adapter, "close");
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("starts the agent into plugin-sql's tables and answers a message there", async () => {
    const runtime = new AgentRuntime({
      character: { name: "Ada", bio: "Listens." },
      adapter,
      plugins: [bootstrapPlugin, createElizaPlugin()],
      logger: quiet,
    });
    expect(runtime.adapter).toBe(adapter);
    await runtime.initialize();

    expect(await call(adapter, "getAgent", agentId)).toMatchObject({ id: agentId, name: "Ada" });
    expect(await call(adapter, "getEntitiesByIds", [agentId])).toEqual([
      expect.objectContaining({ id: agentId, names: ["Ada"] }),
    ]);
    expect(await call(adapter, "getRoomsByIds", [agentId])).toEqual([
      expect.objectContaining({ id: agentId, type: ChannelType.SELF, worldId: agentId }),
    ]);

    const entityId = stringToUuid("visitor");
    const roomId = stringToUuid("visitor-room");
    await runtime.ensureConnection({ entityId, roomId, source: "api", type: "DM", userName: "v" });
    const replies: string[] = [];
    const result = await runtime.messageService.handleMessage(
      runtime,
      { id: stringToUuid("hello-1"), entityId, roomId, content: { text: "I feel tired" } },
      async (content) => {
        replies.push(content.text ?? "");
        return [];
      },
    );
    expect(result.didRespond).toBe(true);
    expect(replies.join(" ")).not.toBe("");
    const stored = (await call(adapter, "getMemories", {
      tableName: "messages",
      roomId,
    })) as Memory[];
    expect(stored.map((m) => [m.content.text, m.metadata?.type])).toContainEqual([
      "I feel tired",
      "message",
    ]);
  }, 60_000);
});

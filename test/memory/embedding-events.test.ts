// The EMBED_MEMORY task emits elizaOS's EMBEDDING_GENERATION_COMPLETED and, once its retries
// are spent, _FAILED, with plugin-bootstrap's payloads; it never emits _REQUESTED. With the
// real @elizaos/plugin-bootstrap 1.7.2 and its embedding service running, a queued memory is
// embedded exactly once (a _REQUESTED would make that service embed it a second time).
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  type AgentRuntime,
  createAgent,
  createUniqueUuid,
  EMBED_TASK,
  EventType,
  type Memory,
  ModelType,
  type Plugin,
  parseCharacter,
  runDueTasks,
  type ServiceClass,
  type StorageAdapter,
  silentLogger,
} from "../../core/index.ts";

const packageName: string = "@elizaos/plugin-bootstrap";
const bootstrap = ((await import(packageName)) as { bootstrapPlugin: Plugin }).bootstrapPlugin;
// Only its embedding service: TaskService would start its own timer loop over our tasks.
const embeddingService = (bootstrap.services ?? []).find(
  (s) => (s as { serviceType?: string }).serviceType === "embedding-generation",
) as ServiceClass;

const DIM = 4;
const runtimes: AgentRuntime[] = [];
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((r) => r.stop()));
});

/** An embedding model that counts its calls and fails while `failing` is set. */
function embedder() {
  const state = { calls: 0, failing: false };
  const plugin: Plugin = {
    name: "counting-embedder",
    priority: 100,
    models: {
      [ModelType.TEXT_EMBEDDING]: async () => {
        state.calls++;
        if (state.failing) throw new Error("embedding server down");
        return [0.1, 0.2, 0.3, 0.4];
      },
    },
  };
  return { state, plugin };
}

async function agent(storage: StorageAdapter, plugins: Plugin[]) {
  const runtime = await createAgent({
    character: parseCharacter({ name: "Embedder" }),
    storage,
    env: { EMBEDDING_DIMENSION: String(DIM) },
    plugins,
    logger: silentLogger,
  });
  runtimes.push(runtime);
  const seen: { name: string; payload: Record<string, unknown> }[] = [];
  for (const name of [
    EventType.EMBEDDING_GENERATION_REQUESTED,
    EventType.EMBEDDING_GENERATION_COMPLETED,
    EventType.EMBEDDING_GENERATION_FAILED,
  ]) {
    runtime.registerEvent(name, async (payload) => void seen.push({ name, payload }));
  }
  return { runtime, seen };
}

async function storedMessage(runtime: AgentRuntime, text: string): Promise<Memory> {
  const entityId = createUniqueUuid(runtime, "user");
  const roomId = createUniqueUuid(runtime, "room");
  await runtime.ensureConnection({ entityId, roomId, source: "test" });
  const memory: Memory = { entityId, roomId, content: { text } };
  const id = await runtime.createMemory(memory, "messages");
  return { ...memory, id };
}

describe("EMBED_MEMORY task events", () => {
  it("with plugin-bootstrap's embedding service: embedded once, COMPLETED once, no REQUESTED", async () => {
    const storage = createMemoryStorage();
    const model = embedder();
    const { runtime, seen } = await agent(storage, [
      { ...bootstrap, services: [embeddingService] },
      model.plugin,
    ]);
    const service = runtime.getService("embedding-generation");
    // The service is live and listening: a REQUESTED would queue the memory with it.
    expect(service).not.toBeNull();
    expect((service as unknown as { isDisabled: boolean }).isDisabled).toBe(false);
    expect(runtime.getEvent(EventType.EMBEDDING_GENERATION_REQUESTED)?.length).toBe(2);

    const memory = await storedMessage(runtime, "remember the blue door");
    await runtime.queueEmbeddingGeneration(memory, "high");
    expect((await runDueTasks(runtime)).succeeded).toBe(1);

    expect(model.state.calls).toBe(1);
    expect(seen.map((e) => e.name)).toEqual([EventType.EMBEDDING_GENERATION_COMPLETED]);
    expect(seen[0]?.payload).toMatchObject({
      runtime,
      source: "embeddingService",
      memory: { id: memory.id, content: { text: "remember the blue door" } },
    });
    expect((seen[0]?.payload.memory as Memory | undefined)?.embedding).toEqual([
      0.1, 0.2, 0.3, 0.4,
    ]);
    expect((await storage.getMemoryById(memory.id as never))?.embedding).toHaveLength(DIM);
    // Nothing waits in the service's own queue to embed it again.
    expect((service as unknown as { queue: unknown[] }).queue).toEqual([]);
    expect(await storage.getTasksByName(EMBED_TASK)).toEqual([]);
  });

  it("a failing model retries quietly, and FAILED comes once, when the task gives up", async () => {
    const storage = createMemoryStorage();
    const model = embedder();
    model.state.failing = true;
    const { runtime, seen } = await agent(storage, [model.plugin]);
    const memory = await storedMessage(runtime, "a hard one");
    await runtime.queueEmbeddingGeneration(memory);
    const [task] = await storage.getTasksByName(EMBED_TASK);
    await storage.updateTask(task?.id as never, {
      metadata: { ...task?.metadata, maxFailures: 2, backoffMs: 1 },
    });

    expect((await runDueTasks(runtime)).failed).toBe(1);
    expect(seen).toEqual([]);
    expect((await runDueTasks(runtime, { now: runtime.now() + 60_000 })).paused).toBe(1);
    expect(model.state.calls).toBe(2);
    expect(seen.map((e) => e.name)).toEqual([EventType.EMBEDDING_GENERATION_FAILED]);
    expect(seen[0]?.payload).toMatchObject({
      runtime,
      source: "embeddingService",
      error: "embedding server down",
      memory: { id: memory.id },
    });
  });

  it("a memory deleted before the tick runs the model not at all and emits nothing", async () => {
    const storage = createMemoryStorage();
    const model = embedder();
    const { runtime, seen } = await agent(storage, [model.plugin]);
    const memory = await storedMessage(runtime, "soon deleted");
    await runtime.queueEmbeddingGeneration(memory);
    await runtime.deleteMemory(memory.id as never);
    expect((await runDueTasks(runtime)).succeeded).toBe(1);
    expect(model.state.calls).toBe(0);
    expect(seen).toEqual([]);
  });
});

// The real @elizaos/plugin-bootstrap 1.7.2 (from node_modules, bytes unchanged) against an
// eliza-edge runtime: every provider answers, every action validates, the evaluator runs,
// and a message turn with its REPLY action answers. Before the runtime grew elizaOS's
// surface these failed with "runtime.getRoom is not a function" and the like.
import { describe, expect, it } from "vitest";
import {
  type AgentRuntime,
  ChannelType,
  type Memory,
  messageService,
  type Plugin,
} from "../../core/index.ts";
import { randomUuid } from "../../core/kernel/ids/uuid.ts";
import { scriptedModel } from "../support/scripted-model.ts";
import { backends, runtimeOn } from "./runtime-elizaos-backends.ts";

// The plugin's services (TaskService's timer, the embedding queue) are left out: eliza-edge
// runs tasks from runDueTasks, and a test must not leave timers behind.
// The package ships no type declarations, so it is imported by a name TypeScript leaves alone.
const packageName: string = "@elizaos/plugin-bootstrap";
const bootstrap = ((await import(packageName)) as { bootstrapPlugin: Plugin }).bootstrapPlugin;
const withoutServices: Plugin = { ...bootstrap, services: [] };

async function conversation(
  runtime: AgentRuntime,
  text: string,
): Promise<Memory & { id: ReturnType<typeof randomUuid> }> {
  const roomId = randomUuid();
  const entityId = randomUuid();
  const worldId = randomUuid();
  await runtime.ensureConnection({
    entityId,
    roomId,
    worldId,
    name: "Ann",
    userName: "ann",
    source: "test",
    type: ChannelType.GROUP,
    messageServerId: randomUuid(),
  });
  const message = {
    id: randomUuid(),
    entityId,
    roomId,
    worldId,
    agentId: runtime.agentId,
    content: { text, source: "test", channelType: ChannelType.GROUP },
    createdAt: Date.now(),
  };
  await runtime.createMemory(message, "messages");
  return message;
}

describe.each(backends)("real plugin-bootstrap 1.7.2 on $name", (backend) => {
  it("every provider answers and every action and evaluator validates", async () => {
    const model = scriptedModel("<response><text>ok</text></response>");
    const runtime = await runtimeOn(backend, { plugins: [withoutServices, model.plugin] });
    await runtime.initialize();
    const message = await conversation(runtime, "hello there");
    const state = await runtime.composeState(message);
    for (const provider of bootstrap.providers ?? []) {
      const result = await provider.get(runtime, message, state);
      expect(result, provider.name).toBeTypeOf("object");
    }
    const all = await runtime.composeState(
      message,
      (bootstrap.providers ?? []).map((p) => p.name),
    );
    expect(all.text).toContain("hello there");
    for (const action of bootstrap.actions ?? []) {
      expect(typeof (await action.validate(runtime, message, all)), action.name).toBe("boolean");
    }
    for (const evaluator of bootstrap.evaluators ?? []) {
      expect(typeof (await evaluator.validate(runtime, message, all))).toBe("boolean");
    }
  });

  it("a message turn plans with bootstrap's providers and answers with its REPLY action", async () => {
    const model = scriptedModel(
      "<response><thought>greet</thought><actions>REPLY</actions><providers></providers><text>Hi Ann!</text></response>",
    );
    // The DM turn: bootstrap's REPLY asks the model for the text itself.
    model.large.push(
      "<response><actions>REPLY</actions><text>Hi Ann!</text></response>",
      "<response><thought>greet</thought><text>Hi Ann!</text></response>",
    );
    const runtime = await runtimeOn(backend, { plugins: [withoutServices, model.plugin] });
    await runtime.initialize();
    const message = await conversation(runtime, "hello");
    const delivered: string[] = [];
    const outcome = await messageService.handleMessage(
      runtime,
      {
        ...message,
        id: randomUuid(),
        content: { ...message.content, channelType: ChannelType.DM },
      },
      async (content) => {
        delivered.push(String(content.text));
      },
    );
    expect(outcome.didRespond).toBe(true);
    expect(delivered).toEqual(["Hi Ann!"]);
  });

  it("its reflection evaluator reads relationships, facts and entities, asks the model, and records progress", async () => {
    const model = scriptedModel();
    const runtime = await runtimeOn(backend, { plugins: [withoutServices, model.plugin] });
    await runtime.initialize();
    const message = await conversation(runtime, "I love green tea");
    model.small.push(
      "<response><thought>nothing new</thought><facts>none</facts><relationships>none</relationships></response>",
    );
    const reflection = bootstrap.evaluators?.[0];
    expect(reflection?.name).toBe("REFLECTION");
    const errors: unknown[] = [];
    runtime.logger.error = (...args: unknown[]) => void errors.push(args);
    await reflection?.handler(runtime, message, await runtime.composeState(message));
    expect(errors).toEqual([]);
    expect(model.calls.map((c) => c.type)).toEqual(["TEXT_SMALL"]);
    expect(await runtime.getCache(`${message.roomId}-reflection-last-processed`)).toBe(message.id);
  });

  it("its FOLLOW_ROOM action, run by processActions, follows the room through the runtime", async () => {
    const model = scriptedModel();
    const runtime = await runtimeOn(backend, { plugins: [withoutServices, model.plugin] });
    await runtime.initialize();
    const message = await conversation(runtime, "please follow this room");
    model.small.push("yes");
    const state = await runtime.composeState(message);
    await runtime.processActions(
      message,
      [
        {
          entityId: runtime.agentId,
          roomId: message.roomId,
          content: { actions: ["FOLLOW_ROOM"] },
        },
      ],
      state,
      async () => [],
    );
    expect(runtime.getActionResults(message.id)).toEqual([
      expect.objectContaining({ success: true }),
    ]);
    expect(await runtime.getParticipantUserState(message.roomId, runtime.agentId)).toBe("FOLLOWED");
  });
});

// The real @elizaos/plugin-starter 1.7.2 (node_modules, unchanged) on an eliza-edge runtime:
// its init, service class, model handlers, provider, action and routes, as elizaOS runs them.
import { describe, expect, it } from "vitest";
import { type Memory, ModelType, type Plugin } from "../../core/index.ts";
import { randomUuid } from "../../core/kernel/ids/uuid.ts";
import { backends, runtimeOn } from "./runtime-elizaos-backends.ts";

// The package ships no type declarations, so it is imported by a name TypeScript leaves alone.
const packageName: string = "@elizaos/plugin-starter";
const starter = ((await import(packageName)) as { starterPlugin: Plugin }).starterPlugin;

describe.each(backends)("real plugin-starter 1.7.2 on $name", (backend) => {
  it("starts its service, answers with its models, provider and HELLO_WORLD, and stops", async () => {
    const runtime = await runtimeOn(backend, { plugins: [starter] });
    await runtime.initialize();
    const service = runtime.getService<{ capabilityDescription?: string }>("starter");
    expect(service?.capabilityDescription).toContain("starter service");
    expect(runtime.routes.map((r) => r.path)).toEqual(["/helloworld", "/api/time"]);
    expect(await runtime.useModel(ModelType.TEXT_LARGE, { prompt: "sing" })).toContain(
      "Never gonna",
    );

    const message: Memory & { id: ReturnType<typeof randomUuid> } = {
      id: randomUuid(),
      entityId: randomUuid(),
      roomId: randomUuid(),
      content: { text: "hello", source: "test" },
    };
    const state = await runtime.composeState(message);
    expect(state.text).toContain("I am a provider");
    const sent: string[] = [];
    await runtime.processActions(
      message,
      [{ entityId: runtime.agentId, roomId: message.roomId, content: { actions: ["GREET"] } }],
      state,
      async (content) => {
        sent.push(String(content.text));
        return [];
      },
    );
    expect(sent).toEqual(["Hello world!"]);
    expect(runtime.getActionResults(message.id)).toEqual([
      expect.objectContaining({ success: true, text: "Hello world!" }),
    ]);
    await runtime.stop();
    expect(runtime.hasService("starter")).toBe(false);
  });
});

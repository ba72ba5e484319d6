// Discord signs what it sends, yet a field of the wrong type must give a polite refusal or be
// left out, never a throw (a 5xx) or a non-string reaching storage as a name or a channel id.
import { describe, expect, it } from "vitest";
import { parseInteraction } from "../../connectors/discord/parse.ts";
import type { Interaction } from "../../connectors/discord/types.ts";
import type { AgentRuntime } from "../../core/index.ts";

const runtime = {
  agentId: "00000000-0000-0000-0000-000000000001",
  now: () => 0,
} as unknown as AgentRuntime;

const base = {
  id: "1",
  application_id: "2",
  type: 2,
  token: "t",
  channel_id: "3",
  user: { id: "4", username: "ann" },
  data: { name: "ask" },
};
const parse = (patch: Record<string, unknown>) =>
  parseInteraction(runtime, { ...base, ...patch } as unknown as Interaction, "hi");

describe("discord interaction fields of the wrong type", () => {
  it("refuses an interaction whose channel or user is not what Discord documents", () => {
    expect(parse({ channel_id: 3 })).toBeUndefined();
    expect(parse({ channel_id: undefined, channel: "3" })).toBeUndefined();
    expect(parse({ user: "4" })).toBeUndefined();
    expect(parse({ user: { id: 4 } })).toBeUndefined();
    expect(parse({ member: { user: ["4"] }, user: undefined })).toBeUndefined();
  });

  it("leaves out names, guild and command of the wrong type", () => {
    const inbound = parse({
      guild_id: 5,
      member: { nick: { x: 1 }, user: { id: "4", username: 7, global_name: ["a"] } },
      channel: { id: "3", type: "text" },
      data: { name: { n: 1 } },
    });
    expect(inbound).toBeDefined();
    expect(inbound?.connection.name).toBeUndefined();
    expect(inbound?.connection.userName).toBeUndefined();
    expect(inbound?.message.content.command).toBeUndefined();
    expect(inbound?.connection.type).toBe("DM");
    expect(JSON.stringify(inbound)).not.toContain('"n":1');
  });
});

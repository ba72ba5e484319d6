// elizaOS's agents list and one agent. A deployment serves one agent, always running
// ("active"). The character goes out without its secrets, which elizaOS would send encrypted.
import { Hono } from "hono";
import { validateUuid } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import type { AppEnv } from "../app-options.ts";
import { ApiError } from "../errors.ts";

function firstBio(agent: IAgentRuntime): string {
  const { bio } = agent.character;
  return (Array.isArray(bio) ? bio[0] : bio) ?? "";
}

/** The character as elizaOS's agent record shows it, secrets left out. */
function publicCharacter(agent: IAgentRuntime) {
  const { secrets: _secrets, settings, ...character } = agent.character;
  const { secrets: _settingsSecrets, ...publicSettings } = settings ?? {};
  return { ...character, settings: publicSettings };
}

/** Our agent, or elizaOS's 400 / 404 for an id that is not it. */
export async function agentNamed(
  agent: IAgentRuntime,
  agentId: string | undefined,
): Promise<IAgentRuntime> {
  const id = validateUuid(agentId ?? "");
  if (!id) throw new ApiError(400, "INVALID_ID", "Invalid agent ID format");
  if (id !== agent.agentId) throw new ApiError(404, "NOT_FOUND", "Agent not found");
  return agent;
}

export const agentRoutes = new Hono<AppEnv>()
  .get("/agents", async (c) => {
    const agent = await c.get("options").getAgent(c);
    const entry = {
      id: agent.agentId,
      name: agent.character.name,
      characterName: agent.character.name,
      bio: firstBio(agent),
      status: "active" as const,
    };
    return c.json({ success: true as const, data: { agents: [entry] } });
  })
  .get("/agents/:agentId", async (c) => {
    const agent = await agentNamed(await c.get("options").getAgent(c), c.req.param("agentId"));
    const data = { ...publicCharacter(agent), id: agent.agentId, enabled: true, status: "active" };
    // A body, not c.json: a character's open-ended shape is no type for the typed client.
    return c.body(JSON.stringify({ success: true, data }), 200, {
      "content-type": "application/json",
    });
  });

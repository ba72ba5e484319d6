import type { IAgentRuntime } from "../../runtime/index.ts";

/** The agent as an OpenAI model: its character's name, lower-cased, runs of other characters as "-". */
export function modelIdOf(agent: IAgentRuntime): string {
  const slug = agent.character.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return slug || agent.agentId;
}

/** Whether `model` names this agent: its model id, its name, or its id (case aside). */
export function namesAgent(agent: IAgentRuntime, model: string): boolean {
  const wanted = model.trim().toLowerCase();
  return [modelIdOf(agent), agent.character.name.toLowerCase(), agent.agentId].includes(wanted);
}

/** GET /v1/models' one entry. */
export function modelEntry(agent: IAgentRuntime) {
  return { id: modelIdOf(agent), object: "model" as const, created: 0, owned_by: "eliza-edge" };
}

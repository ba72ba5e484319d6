import type { Memory } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";

/** A stored message as the REST API shows it (the Message schema). */
export function toApiMessage(agent: IAgentRuntime, m: Memory) {
  const fromAgent = m.entityId === agent.agentId;
  return {
    id: m.id ?? null,
    role: fromAgent ? ("agent" as const) : ("user" as const),
    name: fromAgent ? agent.character.name : String(m.metadata?.entityName ?? "User"),
    text: m.content.text ?? "",
    actions: m.content.actions ?? [],
    createdAt: m.createdAt ?? 0,
    inReplyTo: m.content.inReplyTo ?? null,
  };
}

export type ApiMessage = ReturnType<typeof toApiMessage>;

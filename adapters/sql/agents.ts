// Agents: one row each, the character stored as given.
import { asc, eq } from "drizzle-orm";
import type { Agent, UUID } from "../../core/types.ts";
import { SqlBase } from "./base.ts";
import { definedFields, toAgent } from "./rows.ts";

export abstract class SqlAgents extends SqlBase {
  async getAgent(agentId: UUID): Promise<Agent | null> {
    const row = await this.row(this.agents, eq(this.agents.id, agentId));
    return row ? toAgent(row) : null;
  }

  async getAgents(): Promise<Agent[]> {
    const rows = await this.rows(this.agents, undefined, asc(this.agents.createdAt));
    return rows.map(toAgent);
  }

  /** False for a duplicate id. */
  async createAgent(agent: Agent): Promise<boolean> {
    const now = this.now();
    const inserted = await this.run(() =>
      this.db
        .insert(this.agents)
        .values({
          id: agent.id,
          name: agent.name,
          enabled: agent.enabled ?? true,
          character: agent.character ?? null,
          createdAt: agent.createdAt ?? now,
          updatedAt: agent.updatedAt ?? now,
        })
        .onConflictDoNothing()
        .returning({ id: this.agents.id }),
    );
    return inserted.length === 1;
  }

  async updateAgent(agentId: UUID, agent: Partial<Agent>): Promise<boolean> {
    const { name, enabled, character } = agent;
    const fields = definedFields({ name, enabled, character });
    const set = { ...fields, updatedAt: agent.updatedAt ?? this.now() };
    const updated = await this.run(() =>
      this.db
        .update(this.agents)
        .set(set)
        .where(eq(this.agents.id, agentId))
        .returning({ id: this.agents.id }),
    );
    return updated.length === 1;
  }

  async deleteAgent(agentId: UUID): Promise<boolean> {
    const deleted = await this.run(() =>
      this.db
        .delete(this.agents)
        .where(eq(this.agents.id, agentId))
        .returning({ id: this.agents.id }),
    );
    return deleted.length === 1;
  }
}

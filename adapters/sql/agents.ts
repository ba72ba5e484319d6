// Agents: one row each, the character stored as given.
import { asc, eq } from "drizzle-orm";
import type { Agent, UUID } from "../../core/kernel/index.ts";
import { SqlBase } from "./base.ts";
import { definedFields, toAgent } from "./rows.ts";

export abstract class SqlAgents extends SqlBase {
  async getAgent(agentId: UUID): Promise<Agent | null> {
    const row = await this.row(this.agents, eq(this.agents.id, agentId));
    return row ? toAgent(row) : null;
  }

  async getAgents(): Promise<Agent[]> {
    const rows = await this.rows(this.agents, undefined, [asc(this.agents.createdAt)]);
    return rows.map(toAgent);
  }

  /** False for a duplicate id. */
  async createAgent(agent: Agent): Promise<boolean> {
    const now = this.now();
    const { id, name, enabled = true, character = null, createdAt = now, updatedAt = now } = agent;
    const row = { id, name, enabled, character, createdAt, updatedAt };
    return this.touched(this.db.insert(this.agents).values(row).onConflictDoNothing());
  }

  async updateAgent(agentId: UUID, agent: Partial<Agent>): Promise<boolean> {
    const { name, enabled, character } = agent;
    const updatedAt = agent.updatedAt ?? this.now();
    const set = { ...definedFields({ name, enabled, character }), updatedAt };
    return this.touched(this.db.update(this.agents).set(set).where(eq(this.agents.id, agentId)));
  }

  async deleteAgent(agentId: UUID): Promise<boolean> {
    return this.touched(this.db.delete(this.agents).where(eq(this.agents.id, agentId)));
  }
}

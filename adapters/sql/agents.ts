// Agents: one row each, the character stored as given.
import { asc, eq } from "drizzle-orm";
import type { Agent, UUID } from "../../core/types.ts";
import { SqlBase } from "./base.ts";
import { toAgent } from "./rows.ts";

export abstract class SqlAgents extends SqlBase {
  async getAgent(agentId: UUID): Promise<Agent | null> {
    const { agents } = this.tables;
    const [row] = await this.run(() => this.db.select().from(agents).where(eq(agents.id, agentId)));
    return row ? toAgent(row) : null;
  }

  async getAgents(): Promise<Agent[]> {
    const { agents } = this.tables;
    const rows = await this.run(() =>
      this.db.select().from(agents).orderBy(asc(agents.createdAt), asc(agents.id)),
    );
    return rows.map(toAgent);
  }

  /** False for a duplicate id. */
  async createAgent(agent: Agent): Promise<boolean> {
    const { agents } = this.tables;
    const now = this.now();
    const inserted = await this.run(() =>
      this.db
        .insert(agents)
        .values({
          id: agent.id,
          name: agent.name,
          enabled: agent.enabled ?? true,
          character: agent.character ?? null,
          createdAt: agent.createdAt ?? now,
          updatedAt: agent.updatedAt ?? now,
        })
        .onConflictDoNothing()
        .returning({ id: agents.id }),
    );
    return inserted.length === 1;
  }

  async updateAgent(agentId: UUID, agent: Partial<Agent>): Promise<boolean> {
    const { agents } = this.tables;
    const set: Partial<typeof agents.$inferInsert> = { updatedAt: agent.updatedAt ?? this.now() };
    if (agent.name !== undefined) set.name = agent.name;
    if (agent.enabled !== undefined) set.enabled = agent.enabled;
    if (agent.character !== undefined) set.character = agent.character;
    const updated = await this.run(() =>
      this.db.update(agents).set(set).where(eq(agents.id, agentId)).returning({ id: agents.id }),
    );
    return updated.length === 1;
  }

  async deleteAgent(agentId: UUID): Promise<boolean> {
    const { agents } = this.tables;
    const deleted = await this.run(() =>
      this.db.delete(agents).where(eq(agents.id, agentId)).returning({ id: agents.id }),
    );
    return deleted.length === 1;
  }
}

// elizaOS's world roles: who owns or administers a server, read from the world's metadata
// (`metadata.roles[entityId]`, `metadata.ownership.ownerId`).

import { createUniqueUuid, type World } from "../kernel/index.ts";
import type { IAgentRuntime } from "../runtime/index.ts";
import { Role } from "./enums.ts";
import { allWorlds, worldOf } from "./runtime-access.ts";

/** The entity's role in the world of `serverId` (a platform server id); NONE when unknown. */
export async function getUserServerRole(
  runtime: IAgentRuntime,
  entityId: string,
  serverId: string,
): Promise<Role> {
  const world = await worldOf(runtime, createUniqueUuid(runtime, serverId));
  const roles = world?.metadata?.roles as Record<string, Role> | undefined;
  return roles?.[entityId] ?? Role.NONE;
}

/** The worlds whose owner is `entityId`, or null when there are none. */
export async function findWorldsForOwner(
  runtime: IAgentRuntime,
  entityId: string,
): Promise<World[] | null> {
  if (!entityId) return null;
  const owned = (await allWorlds(runtime)).filter(
    (w) => (w.metadata?.ownership as { ownerId?: string } | undefined)?.ownerId === entityId,
  );
  return owned.length > 0 ? owned : null;
}

// What initialize() makes sure of before the agent serves, as elizaOS 1.7.2's does: the agent's
// row, then its entity, its world and its SELF room with the agent as participant (plugins look
// the agent up as an entity and use its own room for self-talk). eliza-edge writes the four
// rows in one batch, insert-if-absent, and only when the agent's row was just created (or the
// storage is an elizaOS adapter, which elizaOS checks on every start): a warm deployment's cold
// start stays one round trip.
import { ChannelType, type StorageOp, type UUID } from "../kernel/index.ts";

export function agentStartOps(agentId: UUID, name: string): StorageOp[] {
  return [
    {
      op: "ensureWorld",
      world: { id: agentId, name: `${name}'s World`, agentId, serverId: agentId },
    },
    { op: "ensureEntity", entity: { id: agentId, names: [name], metadata: {}, agentId } },
    {
      op: "ensureRoom",
      room: {
        id: agentId,
        name,
        agentId,
        source: "elizaos",
        type: ChannelType.SELF,
        channelId: agentId,
        serverId: agentId,
        worldId: agentId,
      },
    },
    { op: "ensureParticipant", entityId: agentId, roomId: agentId },
  ];
}

/**
 * elizaOS's app layer keeps one plugin's failing init from stopping the agent; so does
 * eliza-edge, unless PLUGIN_INIT_FATAL is true (a deployment that would rather not start
 * than start without a plugin).
 */
export function pluginInitFatal(setting: string | undefined): boolean {
  return /^(true|1|yes|on)$/i.test(setting?.trim() ?? "");
}

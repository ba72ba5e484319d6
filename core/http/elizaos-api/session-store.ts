// elizaOS's sessions, kept where a serverless deployment keeps everything: in storage. elizaOS
// holds sessions in a process's memory (and loses them on restart); here a session is a room of
// the agent's, in one world of sessions, its record in the room's metadata. The room's id comes
// from the session's id, so any instance finds it with one read.
import { ChannelType, createUniqueUuid, type Room, type UUID } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import { ApiError } from "../errors.ts";

export interface SessionRecord {
  sessionId: string;
  /** elizaOS's central channel id; the agent's room is createUniqueUuid(agent, channelId). */
  channelId: string;
  agentId: string;
  userId: string;
  metadata: Record<string, unknown>;
  createdAt: number;
  deletedAt?: number;
}

const SESSIONS_SERVER = "elizaos-sessions";
/** How many sessions GET /api/messaging/sessions lists at most. */
export const MAX_LISTED_SESSIONS = 200;

const worldOf = (agent: IAgentRuntime) => createUniqueUuid(agent, SESSIONS_SERVER);
export const channelOf = (agent: IAgentRuntime, sessionId: string) =>
  createUniqueUuid(agent, `elizaos-session:${sessionId}`);
const roomOf = (agent: IAgentRuntime, sessionId: string) =>
  createUniqueUuid(agent, channelOf(agent, sessionId));

function recordOf(room: Room | undefined): SessionRecord | undefined {
  const record = room?.metadata?.elizaosSession as SessionRecord | undefined;
  return record && !record.deletedAt ? record : undefined;
}

export async function createSession(
  agent: IAgentRuntime,
  sessionId: string,
  userId: string,
  metadata: Record<string, unknown>,
): Promise<SessionRecord> {
  const record: SessionRecord = {
    sessionId,
    channelId: channelOf(agent, sessionId),
    agentId: agent.agentId,
    userId,
    metadata,
    createdAt: agent.now(),
  };
  const worldId = worldOf(agent);
  await agent.storage.batch([
    {
      op: "ensureWorld",
      world: {
        id: worldId,
        name: SESSIONS_SERVER,
        agentId: agent.agentId,
        serverId: SESSIONS_SERVER,
      },
    },
    {
      op: "ensureRoom",
      room: {
        id: roomOf(agent, sessionId),
        name: `session-${sessionId}`,
        agentId: agent.agentId,
        source: "elizaos",
        type: ChannelType.DM,
        channelId: record.channelId,
        serverId: SESSIONS_SERVER,
        worldId,
        metadata: { elizaosSession: record },
      },
    },
  ]);
  return record;
}

/** The session, or elizaOS's 404 SESSION_NOT_FOUND. */
export async function findSession(
  agent: IAgentRuntime,
  sessionId: string,
): Promise<SessionRecord & { roomId: UUID }> {
  const roomId = roomOf(agent, sessionId);
  const [room] = await agent.storage.getRoomsByIds([roomId]);
  const record = recordOf(room);
  if (!record) {
    throw new ApiError(404, "SESSION_NOT_FOUND", `Session with ID '${sessionId}' not found`);
  }
  return { ...record, roomId };
}

export async function listSessions(agent: IAgentRuntime): Promise<SessionRecord[]> {
  const rooms = await agent.storage.getRoomsByWorld(worldOf(agent));
  return rooms
    .flatMap((room) => recordOf(room) ?? [])
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, MAX_LISTED_SESSIONS);
}

/** Ends the session; its room and messages stay, as elizaOS keeps the channel's. */
export async function deleteSession(agent: IAgentRuntime, sessionId: string): Promise<void> {
  const session = await findSession(agent, sessionId);
  const [room] = await agent.storage.getRoomsByIds([session.roomId]);
  if (!room) return;
  const { roomId: _roomId, ...record } = session;
  await agent.storage.updateRoom({
    ...room,
    metadata: { ...room.metadata, elizaosSession: { ...record, deletedAt: agent.now() } },
  });
}

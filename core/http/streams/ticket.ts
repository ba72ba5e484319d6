// A stream's ticket: the message a POST /api/streams was given, kept until the first GET of
// its events runs the turn. Tickets live in the storage cache, so any instance serves the GET.
import type { IAgentRuntime } from "../../runtime/index.ts";
import type { SendMessage } from "../turn/index.ts";

/** How long a stream's URL (its token and its ticket) is good for. */
export const STREAM_TTL_MS = 10 * 60 * 1000;

export interface StreamTicket {
  body: SendMessage;
  expiresAt: number;
}

const ticketKey = (agent: IAgentRuntime, streamId: string) =>
  `api:stream:${agent.agentId}:${streamId}`;

export async function saveTicket(
  agent: IAgentRuntime,
  streamId: string,
  ticket: StreamTicket,
): Promise<void> {
  await agent.storage.setCache(ticketKey(agent, streamId), ticket, { ttlMs: STREAM_TTL_MS });
}

export function readTicket(agent: IAgentRuntime, streamId: string) {
  return agent.storage.getCache<StreamTicket>(ticketKey(agent, streamId));
}

/** The turn's message key: the message id is fixed by the stream, so a retried turn resumes. */
export const streamMessageKey = (streamId: string) => `stream:${streamId}`;

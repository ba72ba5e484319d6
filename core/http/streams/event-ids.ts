// Event ids of a turn's GET stream, which Last-Event-ID brings back on a reconnect. An id is
// `<replies>.<n>`: how many replies the client has had, then a counter that keeps ids unique.
// Replies are stored under fixed ids (pipeline replyId), so a reconnect, served by any
// instance, sends the replies after the client's count and the end; words of a reply being
// written when the connection broke come again in that reply's `reply` event.

/** The id of the stream's last event, `done`; a reconnect after it gets 204 (stop). */
export const DONE_ID = "done";

export function eventId(replies: number, n: number): string {
  return `${replies}.${n}`;
}

/** How many replies the client has, from its Last-Event-ID (0 when absent or unreadable). */
export function repliesSeen(lastEventId: string | undefined): number {
  const match = /^(\d{1,4})\.\d{1,9}$/.exec(lastEventId?.trim() ?? "");
  return match ? Number(match[1]) : 0;
}

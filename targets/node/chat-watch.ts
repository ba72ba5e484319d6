// What the agent says on its own in a terminal chat (reminders, proactive messages) when the
// chat talks to a running server: the room is polled every 2 s and agent messages that were
// not replies to this terminal's own sends are printed as they appear.

export interface RoomWatch {
  /** Marks messages as already shown (the replies a send printed). */
  seen(ids: (string | null | undefined)[]): void;
  stop(): void;
}

interface ApiMessage {
  id: string | null;
  role: "agent" | "user";
  name: string;
  text: string;
}

export function watchRoom(
  base: string,
  roomKey: string,
  headers: Record<string, string>,
  print: (message: ApiMessage) => void,
  intervalMs = 2000,
): RoomWatch {
  const shown = new Set<string>();
  let primed = false;
  let busy = false;
  const poll = async () => {
    if (busy) return;
    busy = true;
    try {
      const res = await fetch(
        `${base}/api/rooms/${encodeURIComponent(roomKey)}/messages?limit=20`,
        { headers, signal: AbortSignal.timeout(10_000) },
      );
      if (!res.ok) return;
      const { messages } = (await res.json()) as { messages: ApiMessage[] };
      for (const m of messages) {
        if (!m.id || shown.has(m.id)) continue;
        shown.add(m.id);
        // The first read is the history: only what arrives after it is news.
        if (primed && m.role === "agent") print(m);
      }
      primed = true;
    } catch {
      // The server may be restarting; the next poll tries again.
    } finally {
      busy = false;
    }
  };
  void poll();
  const timer = setInterval(() => void poll(), intervalMs);
  return {
    seen(ids) {
      for (const id of ids) if (id) shown.add(id);
    },
    stop() {
      clearInterval(timer);
    },
  };
}

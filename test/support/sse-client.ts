// Reads a text/event-stream response event by event as it arrives (the real parser the kit
// uses for model streams), so a test can act after the first event and before the last.
import { readServerSentEvents } from "../../core/features/model-http/sse.ts";

export interface ReceivedEvent {
  event: string;
  data: Record<string, unknown>;
}

export async function* receivedEvents(response: Response): AsyncGenerator<ReceivedEvent> {
  if (!response.body) throw new Error(`no body (HTTP ${response.status})`);
  for await (const e of readServerSentEvents(response.body)) {
    yield { event: e.event ?? "message", data: JSON.parse(e.data) as Record<string, unknown> };
  }
}

/** Every event, in order, once the stream ends. */
export async function allEvents(response: Response): Promise<ReceivedEvent[]> {
  const events: ReceivedEvent[] = [];
  for await (const e of receivedEvents(response)) events.push(e);
  return events;
}

/** A promise with its resolve function: a fake holds its stream until the test opens it. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

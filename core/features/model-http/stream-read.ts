// What every streaming provider does with its event stream: read it as server-sent events and
// turn a broken connection, a timeout or an unreadable chunk into a ModelError that names the
// provider, as the non-streaming path does.

import { ModelError } from "../../kernel/index.ts";
import { readServerSentEvents, type ServerSentEvent } from "./sse.ts";

export async function* streamEvents(
  body: ReadableStream<Uint8Array>,
  providerId: string,
  label: string,
): AsyncGenerator<ServerSentEvent> {
  try {
    yield* readServerSentEvents(body);
  } catch (error) {
    if (error instanceof ModelError) throw error;
    const timedOut =
      error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const reason = timedOut
      ? "timed out; raise MODEL_TIMEOUT_MS if the model needs longer"
      : `broke off (${error instanceof Error ? error.message : String(error)})`;
    throw new ModelError(providerId, `${label}: the streamed answer ${reason}`, {
      cause: error,
      timedOut,
    });
  }
}

/** One event's JSON; anything else is a ModelError quoting the start of it. */
export function parseChunk<T>(data: string, providerId: string, label: string): T {
  try {
    return JSON.parse(data) as T;
  } catch (error) {
    throw new ModelError(
      providerId,
      `${label} streamed a chunk that is not JSON: ${data.slice(0, 200)}`,
      { cause: error },
    );
  }
}

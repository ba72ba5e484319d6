// Sending a long reply as several messages, so that a retry does not repeat the part that
// arrived. When chunk 2 of 3 fails for sure, the turn fails and the inbox runs it again; the
// chunks Telegram or Discord already took are remembered (in the storage cache, for a day) and
// skipped. Only inbox replies carry `inReplyTo`, unique per incoming message, so only they
// are ledgered; a one-chunk message needs no ledger and costs no round trip.
import type { AgentRuntime, Content } from "../core/index.ts";
import type { Delivery } from "./deliver.ts";

const LEDGER_TTL_MS = 24 * 60 * 60 * 1000;

export async function sendChunks(
  runtime: AgentRuntime,
  content: Content,
  scope: string,
  chunks: string[],
  send: (chunk: string, index: number) => Promise<Delivery>,
): Promise<{ sent: number; unknown: number; skipped: number }> {
  const tally = { sent: 0, unknown: 0, skipped: 0 };
  const ledger =
    chunks.length > 1 && typeof content.inReplyTo === "string"
      ? `sent:${scope}:${content.inReplyTo}:${await digest(chunks.join("\u0000"))}`
      : undefined;
  for (const [index, chunk] of chunks.entries()) {
    if (ledger && (await runtime.storage.getCache<boolean>(`${ledger}:${index}`))) {
      tally.skipped++;
      continue;
    }
    const result = await send(chunk, index);
    if (result.outcome === "sent") tally.sent++;
    else tally.unknown++;
    // An unknown outcome counts as sent too: it may have arrived, so it is never repeated.
    if (ledger)
      await runtime.storage.setCache(`${ledger}:${index}`, true, { ttlMs: LEDGER_TTL_MS });
  }
  return tally;
}

async function digest(text: string): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(bytes).slice(0, 12)]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}

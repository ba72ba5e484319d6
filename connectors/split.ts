// Platforms cap a message's length (Telegram 4096, Discord 2000). A long reply is sent as
// several messages, cut where a reader expects a break: a blank line, a line end, a sentence
// end, a space, and only as a last resort mid-word. Lengths are UTF-16 code units, which is
// what Telegram counts and never less than what Discord counts, and a surrogate pair is never
// cut in half.

export function splitText(text: string, limit: number): string[] {
  if (!Number.isInteger(limit) || limit < 2)
    throw new Error(`split limit must be ≥ 2, got ${limit}`);
  const chunks: string[] = [];
  let rest = text.trim();
  while (rest.length > limit) {
    const cut = cutPoint(rest, limit);
    const head = rest.slice(0, cut).trimEnd();
    if (head) chunks.push(head);
    rest = rest.slice(cut).trimStart();
  }
  if (rest) chunks.push(rest);
  return chunks;
}

/** Break points, best first. Each runs on one window of at most limit + 1 characters. */
export const BREAKS: readonly RegExp[] = [/\n\s*\n/g, /\n/g, /[.!?。！？](?=\s)/g, /\s/g];

function cutPoint(text: string, limit: number): number {
  const window = text.slice(0, limit + 1);
  // Prefer the latest natural break in the second half of the window, so no chunk is tiny.
  const floor = Math.floor(limit / 2);
  for (const pattern of BREAKS) {
    let best = -1;
    for (const match of window.matchAll(pattern)) {
      const end = match.index + match[0].length;
      if (end <= limit && end > floor) best = end;
    }
    if (best > 0) return best;
  }
  // No break: cut at the limit, stepping back if that would split a surrogate pair.
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

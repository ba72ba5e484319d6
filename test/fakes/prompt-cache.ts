// What the fake model servers count as tokens and remember as cached prefixes, so the
// numbers in their `usage` answers follow from what a request sent, as the real APIs' do
// (simplified: 4 characters a token, no minimum cacheable length).

/** Tokens in a text, as the fakes count them. */
export const fakeTokens = (text: string): number => Math.ceil(text.length / 4);

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/**
 * OpenAI's automatic cache: any earlier prompt's longest shared beginning is served from the
 * cache (whole tokens only).
 */
export class PrefixCache {
  private readonly seen: string[] = [];

  /** Cached tokens for this prompt; the prompt is remembered for later calls. */
  cachedTokens(prompt: string): number {
    let best = 0;
    for (const earlier of this.seen) best = Math.max(best, commonPrefix(prompt, earlier));
    this.seen.push(prompt);
    return Math.floor(best / 4);
  }
}

/**
 * Anthropic's explicit cache: the prefix through each cache_control breakpoint is read when an
 * identical prefix was written before, written otherwise. Returns the tokens read and written.
 */
export class BreakpointCache {
  private readonly written = new Set<string>();

  account(prefixes: string[]): { read: number; written: number } {
    // The longest prefix already cached is read; the part after it up to the last breakpoint
    // is written (Anthropic's accounting for a request with several breakpoints).
    let readChars = 0;
    for (const prefix of prefixes) if (this.written.has(prefix)) readChars = prefix.length;
    const last = prefixes[prefixes.length - 1];
    for (const prefix of prefixes) this.written.add(prefix);
    const writtenChars = last && last.length > readChars ? last.length - readChars : 0;
    return { read: Math.ceil(readChars / 4), written: Math.ceil(writtenChars / 4) };
  }
}

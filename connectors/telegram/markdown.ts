// The model's Markdown as Telegram MarkdownV2 (core.telegram.org/bots/api#markdownv2-style).
// Safe by construction: only balanced constructs become entities (```code```, `code`,
// [text](http url), **bold**, __bold__, *italic*, _italic_, ~~strike~~, # headings, > quotes)
// and every other character Telegram reserves is escaped, so what the model wrote shows as it
// wrote it. Each chunk is converted on its own, after splitting, so a construct cut in two is
// simply shown as text. If Telegram still refuses a chunk, send.ts sends it again as plain text.

const RESERVED = /[_*[\]()~`>#+\-=|{}.!\\]/g;
const CODE_ESCAPES = /[`\\]/g;
const URL_ESCAPES = /[)\\]/g;

/** Escapes text for anywhere outside an entity. */
export function escapeMarkdownV2(text: string): string {
  return text.replace(RESERVED, "\\$&");
}

// One alternation, tried left to right at each position; every branch is bounded by a
// character class that cannot match its own delimiter, so the scan stays linear.
const INLINE = new RegExp(
  [
    String.raw`\x60([^\x60\n]+)\x60`, // `code`
    String.raw`\[([^\[\]\n]+)\]\((https?:\/\/[^\s()]+)\)`, // [text](url)
    String.raw`\*\*([^*\n]+)\*\*`, // **bold**
    String.raw`__([^_\n]+)__`, // __bold__
    String.raw`~~([^~\n]+)~~`, // ~~strike~~
    String.raw`(?<![\w*])\*([^*\n]+)\*(?![\w*])`, // *italic*
    String.raw`(?<![\w_])_([^_\n]+)_(?![\w_])`, // _italic_
  ].join("|"),
  "g",
);
const FENCE = /^```([A-Za-z0-9_+-]*)\s*$/;
const HEADING = /^#{1,6}[ \t]+(\S.*)$/;
const QUOTE = /^>\s?(.*)$/;

/** Every pattern run on model text, for the ReDoS check. */
export const MARKDOWN_PATTERNS: readonly RegExp[] = [
  RESERVED,
  CODE_ESCAPES,
  URL_ESCAPES,
  INLINE,
  FENCE,
  HEADING,
  QUOTE,
];

export function toMarkdownV2(markdown: string): string {
  // Fenced code blocks span lines: found line by line (a fence with no closing line is text),
  // and everything between them converted inline.
  const lines = markdown.split("\n");
  const blocks: string[] = [];
  let text: string[] = [];
  let closable = true; // once a fence finds no closing line, no later one will
  for (let i = 0; i < lines.length; i++) {
    const open = closable ? FENCE.exec(lines[i]!) : null;
    const close = open ? lines.findIndex((line, j) => j > i && line.trim() === "```") : -1;
    if (open && close === -1) closable = false;
    if (!open || close === -1) {
      text.push(lines[i]!);
      continue;
    }
    if (text.length) blocks.push(inline(text.join("\n")));
    text = [];
    const code = lines.slice(i + 1, close).join("\n");
    blocks.push(`\`\`\`${open[1]}\n${code.replace(CODE_ESCAPES, "\\$&")}\n\`\`\``);
    i = close;
  }
  if (text.length) blocks.push(inline(text.join("\n")));
  return blocks.join("\n");
}

function inline(markdown: string): string {
  const out: string[] = [];
  let last = 0;
  const atLineStart = (at: number) => at === 0 || markdown[at - 1] === "\n";
  for (const match of markdown.matchAll(INLINE)) {
    out.push(lines(markdown.slice(last, match.index), atLineStart(last)));
    out.push(entity(match));
    last = match.index + match[0].length;
  }
  out.push(lines(markdown.slice(last), atLineStart(last)));
  return out.join("");
}

function entity(match: RegExpMatchArray): string {
  const [, code, linkText, url, bold1, bold2, strike, italic1, italic2] = match;
  if (code !== undefined) return `\`${code.replace(CODE_ESCAPES, "\\$&")}\``;
  if (linkText !== undefined && url !== undefined) {
    return `[${escapeMarkdownV2(linkText)}](${url.replace(URL_ESCAPES, "\\$&")})`;
  }
  const bold = bold1 ?? bold2;
  if (bold !== undefined) return `*${escapeMarkdownV2(bold)}*`;
  if (strike !== undefined) return `~${escapeMarkdownV2(strike)}~`;
  return `_${escapeMarkdownV2(italic1 ?? italic2 ?? "")}_`;
}

/**
 * Plain stretches: headings bold, quotes as Telegram quotes, everything else escaped. A stretch
 * that follows an entity mid-line has no line start of its own until its first line break.
 */
function lines(text: string, startsLine: boolean): string {
  return text
    .split("\n")
    .map((line, i) => {
      if (i === 0 && !startsLine) return escapeMarkdownV2(line);
      const heading = HEADING.exec(line);
      if (heading) return `*${escapeMarkdownV2(heading[1]!)}*`;
      const quote = QUOTE.exec(line);
      if (quote) return `>${escapeMarkdownV2(quote[1]!)}`;
      return escapeMarkdownV2(line);
    })
    .join("\n");
}

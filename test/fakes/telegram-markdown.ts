// Telegram's MarkdownV2 entity parser, as the fake Bot API applies it to `parse_mode:
// "MarkdownV2"` (core.telegram.org/bots/api#markdownv2-style): every reserved character
// outside an entity must be escaped, entities must close, `code`/```pre``` escape only ` and \,
// a link's URL escapes only ) and \. A message that breaks a rule gets Telegram's 400 "can't
// parse entities"; one that parses yields the text the user sees and its entities.

export const RESERVED = "_*[]()~`>#+-=|{}.!";

export interface ParsedMarkdown {
  /** What the chat shows: markup and escapes removed. */
  text: string;
  /** Entity types in the order they opened (bold, italic, underline, strikethrough, spoiler, code, pre, text_link, blockquote). */
  entities: string[];
}

export class MarkdownParseError extends Error {}

const MARKERS: Record<string, string> = {
  "*": "bold",
  _: "italic",
  __: "underline",
  "~": "strikethrough",
  "||": "spoiler",
};

export function parseMarkdownV2(source: string): ParsedMarkdown {
  let text = "";
  const entities: string[] = [];
  const open: { marker: string; at: number }[] = [];
  let i = 0;
  const fail = (message: string): never => {
    throw new MarkdownParseError(`Bad Request: can't parse entities: ${message}`);
  };
  const byteOffset = (at: number) => new TextEncoder().encode(source.slice(0, at)).length;
  while (i < source.length) {
    const c = source[i]!;
    if (c === "\\") {
      if (i + 1 >= source.length) fail("Can't find end of escape sequence");
      text += source[i + 1];
      i += 2;
      continue;
    }
    if (c === "`") {
      const pre = source.startsWith("```", i);
      const fence = pre ? "```" : "`";
      let j = i + fence.length;
      if (pre) {
        // An optional language name runs to the end of the first line.
        const newline = source.indexOf("\n", j);
        if (newline !== -1 && /^[\w+-]*$/.test(source.slice(j, newline))) j = newline + 1;
      }
      let body = "";
      for (;;) {
        if (j >= source.length)
          fail(`Can't find end of the entity starting at byte offset ${byteOffset(i)}`);
        const d = source[j]!;
        if (d === "\\") {
          const next = source[j + 1];
          if (next !== "`" && next !== "\\") body += d;
          else {
            body += next;
            j += 2;
            continue;
          }
          j++;
          continue;
        }
        if (source.startsWith(fence, j)) break;
        if (d === "`")
          fail(`Character '\`' is reserved and must be escaped with the preceding '\\'`);
        body += d;
        j++;
      }
      entities.push(pre ? "pre" : "code");
      text += body;
      i = j + fence.length;
      continue;
    }
    if (c === "[") {
      open.push({ marker: "[", at: i });
      i++;
      continue;
    }
    if (c === "]" && open.at(-1)?.marker === "[") {
      if (source[i + 1] !== "(") fail("Can't find end of the link text");
      let j = i + 2;
      for (;;) {
        if (j >= source.length) fail("Can't find end of a url");
        if (source[j] === "\\") {
          j += 2;
          continue;
        }
        if (source[j] === ")") break;
        j++;
      }
      open.pop();
      entities.push("text_link");
      i = j + 1;
      continue;
    }
    if (c === ">" && (i === 0 || source[i - 1] === "\n")) {
      entities.push("blockquote");
      i++;
      continue;
    }
    const two = source.slice(i, i + 2);
    const marker = two === "__" || two === "||" ? two : MARKERS[c] ? c : undefined;
    if (marker) {
      const top = open.at(-1);
      if (top?.marker === marker) {
        open.pop();
        entities.push(MARKERS[marker]!);
      } else if (open.some((o) => o.marker === marker)) {
        fail(`Can't find end of ${MARKERS[marker]} entity at byte offset ${byteOffset(i)}`);
      } else {
        open.push({ marker, at: i });
      }
      i += marker.length;
      continue;
    }
    if (RESERVED.includes(c)) {
      fail(`Character '${c}' is reserved and must be escaped with the preceding '\\'`);
    }
    text += c;
    i++;
  }
  const unclosed = open[0];
  if (unclosed) {
    fail(`Can't find end of the entity starting at byte offset ${byteOffset(unclosed.at)}`);
  }
  return { text, entities };
}

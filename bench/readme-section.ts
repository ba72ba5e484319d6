// How `npm run bench -- --readme` writes a section's tables into a markdown file: between the
// section's `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` lines, which must be there.
import { readFileSync, writeFileSync } from "node:fs";

/** `markdown` with the text between NAME's markers replaced by `text`. */
export function replaceSection(markdown: string, name: string, text: string): string {
  const open = `<!-- bench:${name} -->\n`;
  const close = `<!-- /bench:${name} -->`;
  const start = markdown.indexOf(open);
  const end = markdown.indexOf(close);
  if (start < 0 || end < start) throw new Error(`no ${open.trim()} … ${close} block`);
  return `${markdown.slice(0, start + open.length)}\n${text}\n\n${markdown.slice(end)}`;
}

/** Writes `text` into `file` between NAME's markers. */
export function writeSection(file: string, name: string, text: string): void {
  writeFileSync(file, replaceSection(readFileSync(file, "utf8"), name, text));
}

// The commands a docs page shows: the lines of its fenced blocks opened with exactly ```sh,
// without a leading `$ ` prompt, a trailing `# comment`, blank lines and comment lines; a line
// ending in ` \` goes on with the next one (joined with one space), as in a shell.
// test/docs/getting-started.test.ts holds the getting-started pages to the commands CI runs.

/** The command lines of a page's ```sh blocks, in order. */
export function shLines(markdown: string): string[] {
  const lines: string[] = [];
  let inSh = false;
  let fence = "";
  let pending = "";
  for (const line of markdown.split(/\r?\n/)) {
    const opening = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(line);
    if (!fence && opening) {
      fence = opening[2]!;
      inSh = opening[3]!.trim() === "sh";
      continue;
    }
    if (fence && line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, "") === "") {
      fence = "";
      inSh = false;
      continue;
    }
    if (!inSh) continue;
    const command = line
      .replace(/^\s*\$\s+/, "")
      .replace(/\s+#.*$/, "")
      .trim();
    if (!command || command.startsWith("#")) continue;
    if (command.endsWith("\\")) {
      pending += `${command.slice(0, -1).trim()} `;
      continue;
    }
    lines.push(pending + command);
    pending = "";
  }
  return lines;
}

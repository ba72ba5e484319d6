// Each getting-started page shows the commands test/scaffold/packed.test.ts runs for its target
// (test/scaffold/getting-started.ts), verbatim and in order, so the page a reader follows is the
// one CI runs. The rule, for whoever writes the pages:
// - each command is one whole line of a fenced block opened with exactly ```sh;
// - a line counts without its leading `$ ` prompt, its trailing `# comment` and surrounding
//   spaces; blank lines and comment lines in the block are fine; a long command may be split
//   with a trailing ` \` (the pieces are joined with one space);
// - the commands appear in the page in the order of the list (scaffold, enter, install, test,
//   run, dry run); other commands may come between them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { shLines } from "../../tools/docs/sh-blocks.ts";
import { GETTING_STARTED } from "../scaffold/getting-started.ts";

const docs = fileURLToPath(new URL("../../docs/", import.meta.url));

describe("the getting-started pages show the commands CI runs", () => {
  for (const { page, steps } of GETTING_STARTED) {
    it(`docs/getting-started/${page}.md`, () => {
      const lines = shLines(readFileSync(join(docs, "getting-started", `${page}.md`), "utf8"));
      let from = 0;
      for (const [step, command] of Object.entries(steps)) {
        const at = lines.indexOf(command, from);
        expect(
          at,
          `${step}: \`${command}\` as a line of a \`\`\`sh block, after the previous step's`,
        ).toBeGreaterThanOrEqual(0);
        from = at + 1;
      }
    });
  }
});

describe("reading a page's sh blocks", () => {
  it("takes whole lines of sh blocks only, without prompts and comments", () => {
    const page = [
      "Run `npm start` (inline code does not count).",
      "```sh",
      "# a comment line",
      "$ npm install",
      "npm run create -- ../x \\",
      "  --target node",
      "npm test   # runs tsc, then vitest",
      "```",
      "```bash",
      "npm run bash-block",
      "```",
      "~~~sh",
      "npm start",
      "~~~",
    ].join("\n");
    expect(shLines(page)).toEqual([
      "npm install",
      "npm run create -- ../x --target node",
      "npm test",
      "npm start",
    ]);
  });
});

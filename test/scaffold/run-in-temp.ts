// Runs create-eliza-edge's `run` in a temporary directory with captured output and, when a
// test gives answers, a scripted terminal that asks the questions.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { run } from "../../create-eliza-edge/src/cli.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "create-eliza-edge-"));
  dirs.push(dir);
  return dir;
}

/** A scripted answer that presses Ctrl-D instead. */
export const CTRL_D = "\u0004";

export interface Ran {
  code: number;
  out: string;
  err: string;
  /** Every question the terminal was asked, in order. */
  asked: string[];
}

/** `answers` set: a terminal that answers each question in turn; else no terminal. */
export async function runIn(
  cwd: string,
  argv: string[],
  answers?: string[],
  env: Record<string, string> = {},
): Promise<Ran> {
  const out: string[] = [];
  const err: string[] = [];
  const asked: string[] = [];
  const pending = [...(answers ?? [])];
  const code = await run(argv, {
    cwd,
    env,
    out: (line: string) => out.push(line),
    err: (line: string) => err.push(line),
    terminal: () =>
      answers === undefined
        ? undefined
        : {
            question: async (prompt: string) => {
              asked.push(prompt);
              const next = pending.shift();
              if (next === undefined) throw new Error(`no scripted answer for "${prompt}"`);
              // What readline does on Ctrl-D.
              if (next === CTRL_D) throw Object.assign(new Error("Aborted"), { code: "ABORT_ERR" });
              return next;
            },
            say: (line: string) => out.push(line),
            close: () => {},
          },
  });
  return { code, out: out.join("\n"), err: err.join("\n"), asked };
}

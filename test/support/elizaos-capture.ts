// What the plugin matrix watches while an item runs: the exception, and every console line
// (our logger and elizaOS plugins both print through console), so an error a plugin caught and
// logged is still seen. Web-standard: console is the one sink workerd and Node share.

/** Errors that mean our runtime or compat entry lacks something a plugin used. */
const MISSING =
  /is not a function|is not a constructor|Cannot read propert(y|ies) of (undefined|null)|Cannot destructure|is not iterable|is not defined|undefined is not an object|not implemented/i;

/** The offending line if `text` says something is missing, else undefined. */
export function missingSurface(text: string): string | undefined {
  if (!MISSING.test(text)) return undefined;
  const line = text.split("\n").find((l) => MISSING.test(l)) ?? text;
  return line.trim().slice(0, 300);
}

export function describeThrown(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

function stringify(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof Error) return describeThrown(value);
  try {
    return JSON.stringify(value, (_key, v) => (v instanceof Error ? describeThrown(v) : v));
  } catch {
    return String(value);
  }
}

type Outcome<T> = { value: T; error?: undefined } | { value?: undefined; error: unknown };

const METHODS = ["log", "info", "warn", "error", "debug", "trace"] as const;

/**
 * Runs `run` with console captured (not printed). Items run one at a time, so every line
 * belongs to the item running; background work a plugin leaves behind may land in the next.
 */
export async function captureConsole<T>(
  run: () => Promise<T>,
): Promise<{ result: Outcome<T>; lines: string[] }> {
  const lines: string[] = [];
  const saved = METHODS.map((name) => [name, console[name]] as const);
  const capture = (...args: unknown[]) => {
    lines.push(args.map(stringify).join(" "));
  };
  for (const name of METHODS) console[name] = capture;
  try {
    // A runtime whose console cannot be replaced would let logged errors pass unseen.
    if (console.error !== capture) throw new Error("console cannot be captured in this runtime");
    return { result: { value: await run() }, lines };
  } catch (error) {
    return { result: { error }, lines };
  } finally {
    for (const [name, original] of saved) console[name] = original;
  }
}

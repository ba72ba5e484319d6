// Decomposition patterns: compiled once per engine, matched against a clause's words.

export type PatternElement =
  | { kind: "any" }
  | { kind: "count"; count: number }
  | { kind: "word"; word: string }
  | { kind: "group"; words: ReadonlySet<string> };

/** Compiles "0 you @desire 0"; throws on an unknown group, which is a script bug. */
export function compilePattern(
  source: string,
  groups: ReadonlyMap<string, ReadonlySet<string>>,
): PatternElement[] {
  return source
    .split(/\s+/)
    .filter((part) => part.length > 0)
    .map((part): PatternElement => {
      if (part === "0") return { kind: "any" };
      if (/^[1-9]$/.test(part)) return { kind: "count", count: Number(part) };
      if (part.startsWith("@")) {
        const words = groups.get(part.slice(1));
        if (!words) throw new Error(`ELIZA script: unknown group ${part} in "${source}"`);
        return { kind: "group", words };
      }
      return { kind: "word", word: part };
    });
}

/**
 * Matches words against a pattern. Returns, per element, the [start, end) span it took, or
 * null. Wildcards take as few words as possible, left to right, like the original. Failed
 * (element, position) pairs are remembered, so several wildcards stay polynomial.
 */
export function matchPattern(
  pattern: readonly PatternElement[],
  words: readonly string[],
): Array<[number, number]> | null {
  const n = words.length;
  const ends = new Array<number>(pattern.length).fill(0);
  const failed = new Set<number>();

  const matchFrom = (index: number, position: number): boolean => {
    if (index === pattern.length) return position === n;
    const state = index * (n + 1) + position;
    if (failed.has(state)) return false;
    const element = pattern[index]!;
    const tryEnd = (end: number) => {
      ends[index] = end;
      return matchFrom(index + 1, end);
    };
    let matched = false;
    switch (element.kind) {
      case "any":
        for (let end = position; end <= n && !matched; end++) matched = tryEnd(end);
        break;
      case "count":
        matched = position + element.count <= n && tryEnd(position + element.count);
        break;
      case "word":
        matched = words[position] === element.word && tryEnd(position + 1);
        break;
      case "group":
        matched = position < n && element.words.has(words[position]!) && tryEnd(position + 1);
        break;
    }
    if (!matched) failed.add(state);
    return matched;
  };

  if (!matchFrom(0, 0)) return null;
  let start = 0;
  return ends.map((end): [number, number] => {
    const span: [number, number] = [start, end];
    start = end;
    return span;
  });
}

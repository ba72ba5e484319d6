// elizaOS's prompt segments: a prompt cut into ordered parts, each marked stable (the same on
// every call for this character: instructions, format, examples) or not (this turn's
// conversation). Providers with a prompt cache use the marks; the rest read `prompt`, which
// must be exactly the parts joined so every provider sends the same text.

/** elizaOS's PromptSegment. */
export interface PromptSegment {
  content: string;
  /** true: the same across calls for this character; false: changes per call. */
  stable: boolean;
}

/** Thrown by useModel when `promptSegments` is malformed or disagrees with `prompt`. */
export class PromptSegmentsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PromptSegmentsError";
  }
}

function checkSegments(value: unknown): PromptSegment[] {
  if (!Array.isArray(value)) {
    throw new PromptSegmentsError("promptSegments must be an array of {content, stable}");
  }
  value.forEach((segment, i) => {
    const s = segment as Partial<PromptSegment> | null;
    if (typeof s !== "object" || s === null || typeof s.content !== "string") {
      throw new PromptSegmentsError(`promptSegments[${i}].content must be a string`);
    }
    if (typeof s.stable !== "boolean") {
      throw new PromptSegmentsError(`promptSegments[${i}].stable must be true or false`);
    }
  });
  return value as PromptSegment[];
}

/** The index of the first character where two strings differ (a shorter one ends there). */
function firstDifference(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return i;
  return n;
}

/**
 * Whether `prompt` is exactly the segments' contents joined. A slice is a view of the prompt
 * and === compares it at memory speed (startsWith goes character by character).
 */
function isJoinOf(prompt: string, segments: readonly PromptSegment[]): boolean {
  let at = 0;
  for (const { content } of segments) {
    if (prompt.slice(at, at + content.length) !== content) return false;
    at += content.length;
  }
  return at === prompt.length;
}

/**
 * Holds a call's params to elizaOS's rule `prompt === promptSegments.map(s => s.content).join("")`:
 * without a prompt, the joined segments become it; a different prompt is an error naming where
 * they part, since a provider reading segments would otherwise send other text than one
 * reading `prompt`. Params without segments come back as they are.
 */
export function withSegmentedPrompt<P>(params: P): P {
  if (typeof params !== "object" || params === null || Array.isArray(params)) return params;
  const p = params as Record<string, unknown>;
  if (p.promptSegments === undefined) return params;
  const segments = checkSegments(p.promptSegments);
  const join = () => segments.map((s) => s.content).join("");
  if (p.prompt === undefined) return { ...params, prompt: join() };
  if (typeof p.prompt !== "string") {
    throw new PromptSegmentsError("prompt must be a string when promptSegments are given");
  }
  // Checked in place: joining the segments only to compare would copy the whole prompt.
  if (!isJoinOf(p.prompt, segments)) {
    const joined = join();
    const at = firstDifference(p.prompt, joined);
    throw new PromptSegmentsError(
      `prompt does not equal promptSegments joined (prompt ${p.prompt.length} characters, ` +
        `segments ${joined.length}; they differ from character ${at})`,
    );
  }
  return params;
}

/** A call's segments when it has any with content; undefined means "use the prompt". */
export function promptSegmentsOf(params: unknown): PromptSegment[] | undefined {
  const segments = (params as { promptSegments?: unknown } | null)?.promptSegments;
  if (!Array.isArray(segments)) return undefined;
  const kept = (segments as PromptSegment[]).filter((s) => s.content !== "");
  return kept.length ? kept : undefined;
}

/**
 * Adjacent segments of the same stability merged into one run, empty ones dropped: what a
 * provider sends as blocks (fewer blocks, the same text).
 */
export function segmentRuns(segments: readonly PromptSegment[]): PromptSegment[] {
  const runs: PromptSegment[] = [];
  for (const s of segments) {
    if (s.content === "") continue;
    const last = runs[runs.length - 1];
    if (last && last.stable === s.stable) last.content += s.content;
    else runs.push({ content: s.content, stable: s.stable });
  }
  return runs;
}

/**
 * The stable segments first, then the rest, each group in its own order: an automatic
 * prefix cache (OpenAI's) only hits on an identical beginning.
 */
export function stableFirst(segments: readonly PromptSegment[]): PromptSegment[] {
  return [...segments.filter((s) => s.stable), ...segments.filter((s) => !s.stable)];
}

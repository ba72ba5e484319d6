// A section's context for one drain: the character, or the providers composed against the
// group's latest message, plus whatever its contextBuilder adds. Composed states are shared
// by the sections of one drain, so ten evaluators asking for "*" cost one composeState.

import { describeError, type Memory } from "../../kernel/index.ts";
import { estimateTokens } from "./pack.ts";
import type { BatcherHost, PromptSection, ResolvedSection } from "./types.ts";

export class ContextResolver {
  private readonly states = new Map<string, Promise<string>>();

  constructor(
    private readonly runtime: BatcherHost,
    private readonly messages: Memory[],
  ) {}

  async resolve(section: PromptSection): Promise<ResolvedSection> {
    const pieces: string[] = [];
    try {
      pieces.push(await this.base(section));
    } catch (error) {
      // A provider that throws costs this section its context, never the drain.
      this.runtime.logger.warn("prompt batcher: composing the section's context failed", {
        sectionId: section.id,
        error: describeError(error),
      });
      pieces.push("[context unavailable]");
    }
    if (section.contextBuilder) {
      try {
        pieces.push(String((await section.contextBuilder(this.runtime, this.messages)) ?? ""));
      } catch (error) {
        this.runtime.logger.warn("prompt batcher: contextBuilder failed", {
          sectionId: section.id,
          error: describeError(error),
        });
        pieces.push("[context unavailable]");
      }
    }
    const context = pieces.filter(Boolean).join("\n\n");
    const overhead = (section.preamble ?? "").length + JSON.stringify(section.schema).length;
    return {
      section,
      context,
      estimatedTokens: estimateTokens(context) + Math.ceil(overhead / 4),
    };
  }

  private base(section: PromptSection): Promise<string> {
    const providers = section.providers ?? [];
    const anchor = this.messages.at(-1);
    if (providers.length === 0) return Promise.resolve(characterContext(this.runtime));
    if (!anchor) {
      this.runtime.logger.warn(
        "prompt batcher: section wants providers but its group has no message; using the character",
        { sectionId: section.id },
      );
      return Promise.resolve(characterContext(this.runtime));
    }
    const all = providers.length === 1 && providers[0] === "*";
    const key = all ? "*" : [...providers].sort().join(",");
    let state = this.states.get(key);
    if (!state) {
      state = (
        all ? this.runtime.composeState(anchor) : this.runtime.composeState(anchor, providers, true)
      ).then((s) => s.text ?? "");
      this.states.set(key, state);
    }
    return state;
  }
}

function characterContext(runtime: BatcherHost): string {
  const c = runtime.character;
  const lines = (value: unknown) =>
    Array.isArray(value) ? value.join("\n") : typeof value === "string" ? value : "";
  return [
    `Agent name: ${c.name}`,
    lines(c.bio) ? `Bio:\n${lines(c.bio)}` : "",
    lines(c.topics) ? `Topics:\n${lines(c.topics)}` : "",
  ]
    .filter(Boolean)
    .join("\n\n");
}

// A template the compat entry exports under elizaOS's name is elizaOS 1.7.2's text, byte for
// byte: a plugin that composes `messageHandlerTemplate` gets the prompt it was written for.
// eliza-edge's own loop keeps its shorter templates under eliza-edge's entry.
import { describe, expect, it } from "vitest";
import * as compat from "../../core/elizaos/index.ts";
import * as edge from "../../core/index.ts";
import { real } from "../support/real-elizaos-core.ts";

const NAMES = [
  "booleanFooter",
  "imageDescriptionTemplate",
  "messageHandlerTemplate",
  "multiStepDecisionTemplate",
  "multiStepSummaryTemplate",
  "postCreationTemplate",
  "shouldRespondTemplate",
] as const;

describe("the compat entry's prompt templates", () => {
  it("are every template @elizaos/core 1.7.2 exports", () => {
    const exported = Object.keys(real).filter((name) => /Template$|Footer$/.test(name));
    expect(exported.sort()).toEqual([...NAMES].sort());
  });

  it.each(NAMES)("%s is elizaOS's text byte for byte", (name) => {
    expect((compat as Record<string, unknown>)[name]).toBe((real as Record<string, unknown>)[name]);
  });

  it("leave eliza-edge's own loop templates under eliza-edge's entry", () => {
    expect(edge.messageHandlerTemplate).not.toBe(compat.messageHandlerTemplate);
    expect(edge.messageHandlerTemplate).toContain("<response>");
  });
});

// The planning step of the message pipeline: one large-model call with elizaOS's
// messageHandlerTemplate, read as the <response> XML (thought, actions, providers, text, and
// the actions' parameters in <params>, kept on the plan's content as `params`).

import {
  type Content,
  type Memory,
  ModelType,
  parseList,
  parseResponse,
  salvageText,
} from "../../kernel/index.ts";
import { type IAgentRuntime, parseParams, type State } from "../../runtime/index.ts";
import { plannerTextStream } from "./reply-stream.ts";
import { fillTemplateSegments, providerSegments, stableValueNames } from "./segmented-prompt.ts";
import { messageHandlerTemplate } from "./templates.ts";
import type { TurnModelCalls } from "./turn-usage.ts";

export interface Plan {
  content: Content;
  providers: string[];
}

/**
 * Asks the large model for a plan. XML is read into actions/providers/text; plain text is a
 * REPLY; XML that does not parse is asked for again, and after the last attempt whatever
 * text it holds is sent as a REPLY rather than dropping the user's message.
 */
export async function planResponse(
  runtime: IAgentRuntime,
  message: Memory,
  state: State,
  retries: number,
  turn?: TurnModelCalls,
  stream: { onText?: (delta: string) => void } = {},
): Promise<Plan> {
  // Segments, so the character, action list and instructions are a cached prefix (see
  // segmented-prompt.ts); the prompt is the same text either way.
  const { prompt, promptSegments } = fillTemplateSegments(
    runtime.character.templates.messageHandlerTemplate ?? messageHandlerTemplate,
    { ...state.values, agentName: runtime.character.name, providers: state.text },
    stableValueNames(runtime, state),
    { providers: providerSegments(runtime, state) },
  );
  const outputs: string[] = [];
  for (let attempt = 0; attempt <= retries; attempt++) {
    // A streaming caller sees the reply's words as the model writes them (reply-stream.ts).
    const onStreamChunk = stream.onText && plannerTextStream(stream.onText);
    const output = String(
      await runtime.useModel<string>(ModelType.TEXT_LARGE, {
        prompt,
        promptSegments,
        system: runtime.character.system,
        userText: message.content.text,
        roomId: message.roomId,
        ...turn,
        ...(onStreamChunk ? { onStreamChunk } : {}),
      }),
    );
    outputs.push(output);
    const parsed = parseResponse(output);
    if (parsed.kind === "plain") {
      return { content: { text: parsed.text, actions: ["REPLY"] }, providers: [] };
    }
    if (parsed.kind === "xml") {
      const { thought, text } = parsed.fields;
      let actions = parseList(parsed.fields.actions);
      if (actions.length === 0) actions = text ? ["REPLY"] : ["NONE"];
      if (actions.some((a) => a.toUpperCase() === "IGNORE")) actions = ["IGNORE"];
      const params = parseParams(parsed.fields.params);
      return {
        content: { thought, text, actions, ...(Object.keys(params).length ? { params } : {}) },
        providers: parseList(parsed.fields.providers),
      };
    }
    runtime.logger.warn("planner output did not parse", { attempt: attempt + 1 });
  }
  // Prefer an attempt that got as far as writing <text>: its words were meant for the user.
  const best = outputs.find((o) => /<text>/i.test(o)) ?? outputs[outputs.length - 1] ?? "";
  const text = salvageText(best);
  return { content: { text, actions: text ? ["REPLY"] : ["NONE"] }, providers: [] };
}

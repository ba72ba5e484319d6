import { ModelType, parseResponse, salvageText } from "../../../kernel/index.ts";
import {
  fillTemplateSegments,
  providerSegments,
  replyTemplate,
  stableValueNames,
} from "../../../pipeline/index.ts";
import type { Action } from "../../../runtime/index.ts";

/**
 * Sends the planned text. The planner usually wrote it already, so this costs no model call;
 * only a plan without text (REPLY after other actions) asks the model for one.
 */
export const replyAction: Action = {
  name: "REPLY",
  similes: ["GREET", "REPLY_TO_MESSAGE", "SEND_REPLY", "RESPOND", "RESPONSE"],
  description: "Replies to the current conversation with the text from the generated message.",
  validate: async () => true,
  async handler(runtime, message, state, options, callback, responses) {
    // eliza-edge passes the planned content in options; elizaOS callers pass it as responses[0].
    const content = options?.content ?? responses?.[0]?.content ?? {};
    let text = content.text?.trim();
    if (!text) {
      const turnState = state ?? { values: {}, data: {}, text: "" };
      const { prompt, promptSegments } = fillTemplateSegments(
        runtime.character.templates.replyTemplate ?? replyTemplate,
        { ...turnState.values, agentName: runtime.character.name, providers: turnState.text },
        stableValueNames(runtime, turnState),
        { providers: providerSegments(runtime, turnState) },
      );
      const output = String(
        await runtime.useModel<string>(ModelType.TEXT_LARGE, {
          prompt,
          promptSegments,
          system: runtime.character.system,
          userText: message.content.text,
          roomId: message.roomId,
        }),
      );
      const parsed = parseResponse(output);
      text =
        parsed.kind === "xml"
          ? parsed.fields.text
          : parsed.kind === "plain"
            ? parsed.text
            : salvageText(parsed.raw);
    }
    if (!text) return { success: false, error: "the model produced no reply text" };
    await callback?.({ text, thought: content.thought, actions: ["REPLY"] });
    return { success: true, text };
  },
};

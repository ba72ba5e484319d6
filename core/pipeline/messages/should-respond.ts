import { ChannelType, type Memory, ModelType, parseResponse } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import { fillTemplateSegments } from "./segmented-prompt.ts";
import { shouldRespondTemplate } from "./templates.ts";
import type { TurnModelCalls } from "./turn-usage.ts";

export type RespondDecision = { respond: boolean; reason: string };

const ALWAYS_RESPOND: ReadonlySet<string> = new Set([
  ChannelType.DM,
  ChannelType.VOICE_DM,
  ChannelType.SELF,
  ChannelType.API,
]);

/**
 * elizaOS's rule: direct conversations always get an answer; in groups the agent answers
 * when named, mentioned or replied to, stays quiet in a muted room, and otherwise lets the
 * small model decide. Output the model cannot make sense of means "stay quiet": a group
 * should not hear from the agent because a model rambled.
 */
export async function shouldRespond(
  runtime: IAgentRuntime,
  message: Memory,
  turn?: TurnModelCalls,
): Promise<RespondDecision> {
  const clear = respondWithoutModel(runtime, message);
  if (clear) return clear;
  const state = await runtime.storage.getParticipantUserState(message.roomId, runtime.agentId);
  if (state === "MUTED") return { respond: false, reason: "room muted" };

  // The template's text and the agent's name are the stable prefix; the message is not.
  const { prompt, promptSegments } = fillTemplateSegments(
    runtime.character.templates.shouldRespondTemplate ?? shouldRespondTemplate,
    { agentName: runtime.character.name, providers: `Message: ${message.content.text ?? ""}` },
    new Set(["agentName"]),
  );
  // SHOULD_RESPOND_MODEL=large asks the large model, as in elizaOS; small is the default.
  const large = runtime.getSettingString("SHOULD_RESPOND_MODEL")?.trim().toLowerCase() === "large";
  const output = await runtime.useModel<string>(
    large ? ModelType.TEXT_LARGE : ModelType.TEXT_SMALL,
    {
      prompt,
      promptSegments,
      userText: message.content.text,
      roomId: message.roomId,
      ...turn,
    },
  );
  const parsed = parseResponse(String(output));
  const action = parsed.kind === "xml" ? (parsed.fields.action ?? "").toUpperCase() : "";
  if (action.includes("RESPOND")) return { respond: true, reason: "model chose RESPOND" };
  return { respond: false, reason: action ? `model chose ${action}` : "no decision from model" };
}

/**
 * The rules that need no model and no storage: a direct conversation, a mention, a reply to
 * the agent or its name. Undefined when only the model can decide.
 */
export function respondWithoutModel(
  runtime: IAgentRuntime,
  message: Memory,
): RespondDecision | undefined {
  const channel = message.content.channelType ?? ChannelType.DM;
  if (ALWAYS_RESPOND.has(channel)) return { respond: true, reason: `channel ${channel}` };
  if (message.content.mentionsAgent === true || message.content.isReplyToAgent === true) {
    return { respond: true, reason: "mentioned" };
  }
  if (namesAgent(runtime, message.content.text ?? "")) return { respond: true, reason: "named" };
  return undefined;
}

function namesAgent(runtime: IAgentRuntime, text: string): boolean {
  const names = [runtime.character.name, runtime.character.username].filter(
    (n): n is string => !!n,
  );
  const lower = text.toLowerCase();
  return names.some((name) => {
    const needle = name.toLowerCase();
    let at = lower.indexOf(needle);
    while (at !== -1) {
      const before = lower[at - 1];
      const after = lower[at + needle.length];
      if (!isWordChar(before) && !isWordChar(after)) return true;
      at = lower.indexOf(needle, at + 1);
    }
    return false;
  });
}

export const WORD_CHAR = /[\p{L}\p{N}_]/u;
const isWordChar = (c: string | undefined) => c !== undefined && WORD_CHAR.test(c);

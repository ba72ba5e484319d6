// /start and /help, answered from the character without a model call: who the agent is and
// what it can do here. Telegram sends /start when a person opens the bot; /help is every
// bot's convention (Discord has a /help command for it). The text says what this agent has:
// reminders when the tasks plugin is loaded, photos and voice notes when a model reads them.

import { ChannelType, type Memory } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";

export type AgentCommand = "start" | "help";

const COMMAND = /^\/(start|help)(?:@[A-Za-z0-9_]{1,64})?(?:\s|$)/i;

/** The command a message is, when it addresses the agent; undefined for everything else. */
export function agentCommandOf(message: Memory): AgentCommand | undefined {
  const content = message.content;
  const named = typeof content.command === "string" ? content.command.toLowerCase() : undefined;
  if (named === "start" || named === "help") return named;
  const text = typeof content.text === "string" ? content.text.trim() : "";
  const match = COMMAND.exec(text.slice(0, 80));
  if (!match) return undefined;
  return addressesAgent(message) ? (match[1]!.toLowerCase() as AgentCommand) : undefined;
}

/** A DM (or an API or terminal chat), a mention of the agent or a reply to it. */
export function addressesAgent(message: Memory): boolean {
  const content = message.content;
  return (
    content.channelType === ChannelType.DM ||
    content.channelType === ChannelType.API ||
    content.channelType === undefined ||
    content.mentionsAgent === true ||
    content.isReplyToAgent === true
  );
}

export const COMMAND_PATTERNS: readonly RegExp[] = [COMMAND];

export function commandReply(
  runtime: IAgentRuntime,
  message: Memory,
  command: AgentCommand,
): string {
  const character = runtime.character;
  const lines: string[] = [];
  if (command === "start") {
    const bio = Array.isArray(character.bio) ? character.bio[0] : character.bio;
    lines.push(`Hi! I'm ${character.name}.${bio ? ` ${firstSentence(String(bio))}` : ""}`, "");
  }
  const group = message.content.channelType === ChannelType.GROUP;
  lines.push(
    group
      ? "Mention me or reply to one of my messages and I'll answer."
      : "Just write to me and I'll answer.",
  );
  const can: string[] = [];
  if (runtime.actions.some((a) => a.name === "REMIND")) {
    can.push(
      'Reminders: "remind me tomorrow at 9am to call mom", "every weekday at 8am remind me to take pills", "cancel my reminders".',
      'Your time zone, for reminder times: "my time zone is Europe/Berlin".',
    );
  }
  if (runtime.getModel("IMAGE_DESCRIPTION")) can.push("Photos: send one and I'll look at it.");
  if (runtime.getModel("TRANSCRIPTION")) can.push("Voice notes: I'll listen to them.");
  if (can.length) lines.push("", "I can also help with:", ...can.map((line) => `• ${line}`));
  return lines.join("\n");
}

function firstSentence(text: string): string {
  const trimmed = text.trim().slice(0, 300);
  const end = trimmed.search(/[.!?](?:\s|$)/);
  return end === -1 ? trimmed : trimmed.slice(0, end + 1);
}

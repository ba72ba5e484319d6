// elizaOS's text formatters for prompts: conversations, posts, actions, entities. The output
// layout matches elizaOS's, since plugins' templates and few-shot examples expect it.

import type { Entity, Memory } from "../../kernel/index.ts";
import { declaredParameters } from "../actions/index.ts";
import type { Action, ActionExample, ActionParameter } from "../contract/index.ts";

/** "just now", "5 minutes ago", "2 hours ago", "3 days ago". */
export function formatTimestamp(messageDate: number): string {
  const absDiff = Math.abs(Date.now() - messageDate);
  if (absDiff < 60_000) return "just now";
  const minutes = Math.floor(absDiff / 60_000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const ago = (n: number, unit: string) => `${n} ${unit}${n !== 1 ? "s" : ""} ago`;
  if (minutes < 60) return ago(minutes, "minute");
  if (hours < 24) return ago(hours, "hour");
  return ago(days, "day");
}

function nameOf(entities: Entity[], id: string | undefined): string | undefined {
  return entities.find((e) => e.id === id)?.names[0];
}

interface Attachment {
  id?: string;
  url?: string;
  title?: string;
  text?: string;
  description?: string;
}

/**
 * A conversation as lines "HH:MM (5 minutes ago) [entityId] Name: text", each followed by the
 * sender's thought, actions and attachments. As in elizaOS, `messages` is newest first and is
 * reversed in place.
 */
export function formatMessages({
  messages,
  entities,
}: {
  messages: Memory[];
  entities: Entity[];
}): string {
  return messages
    .reverse()
    .filter((m) => m.entityId)
    .map((message) => {
      const { text, actions, thought } = message.content;
      const attachments = message.content.attachments as Attachment[] | undefined;
      const name = nameOf(entities, message.entityId) || "Unknown User";
      const time = new Date(message.createdAt || 0);
      const clock = `${String(time.getHours()).padStart(2, "0")}:${String(time.getMinutes()).padStart(2, "0")}`;
      const stamp = `${clock} (${formatTimestamp(message.createdAt || 0)}) [${message.entityId}]`;
      const textLine = text ? `${stamp} ${name}: ${text}` : null;
      const thoughtLine = thought ? `(${name}'s internal thought: ${thought})` : null;
      const actionLine =
        actions && actions.length > 0
          ? `${textLine ? "" : stamp} (${name}'s actions: ${actions.join(", ")})`
          : null;
      let attachmentLine: string | null = null;
      if (attachments && attachments.length > 0) {
        const singleLine = attachments.every((a) => !a.text && !a.description);
        const items = attachments.map((a) => {
          const lines = [`[${a.id} - ${a.title} (${a.url})]`];
          if (a.text) lines.push(`Text: ${a.text}`);
          if (a.description) lines.push(`Description: ${a.description}`);
          return lines.join("\n");
        });
        attachmentLine = ` (Attachments: ${items.join(singleLine ? ", " : "\n")})`;
      }
      return [textLine, thoughtLine, actionLine, attachmentLine].filter(Boolean).join("\n");
    })
    .join("\n");
}

/** Messages grouped by room (newest room first), each room oldest message first. */
export function formatPosts({
  messages,
  entities,
  conversationHeader = true,
}: {
  messages: Memory[];
  entities: Entity[];
  conversationHeader?: boolean;
}): string {
  const rooms = new Map<string, Memory[]>();
  for (const message of messages) {
    if (!message.roomId) continue;
    const list = rooms.get(message.roomId) ?? [];
    list.push(message);
    rooms.set(message.roomId, list);
  }
  for (const list of rooms.values()) list.sort((a, b) => (a.createdAt || 0) - (b.createdAt || 0));
  const newest = (list: Memory[]) => list[list.length - 1]?.createdAt || 0;
  return [...rooms.entries()]
    .sort(([, a], [, b]) => newest(b) - newest(a))
    .map(([roomId, list]) => {
      const posts = list
        .filter((m) => m.entityId)
        .map((m) => {
          const name = nameOf(entities, m.entityId);
          const reply = m.content.inReplyTo ? `\nIn reply to: ${m.content.inReplyTo}` : "";
          return `Name: ${name || "Unknown User"} (@${name || "unknown"} EntityID:${m.entityId})
MessageID: ${m.id}${reply}
Source: ${m.content.source}
Date: ${formatTimestamp(m.createdAt || 0)}
Text:
${m.content.text}`;
        });
      const header = conversationHeader ? `Conversation: ${roomId.slice(-5)}\n` : "";
      return `${header}${posts.join("\n\n")}`;
    })
    .join("\n\n");
}

function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** Action names, comma-separated, in random order (so the model does not favour the first). */
export function formatActionNames(actions: Action[]): string {
  if (!actions?.length) return "";
  return shuffled(actions)
    .map((a) => a.name)
    .join(", ");
}

/**
 * "- **NAME**: description" lines, in random order; an action that declares parameters gets
 * them on indented lines below (as newer elizaOS lists them), so the planner can fill them.
 */
export function formatActions(actions: Action[]): string {
  if (!actions?.length) return "";
  return shuffled(actions)
    .map((a) => {
      const line = `- **${a.name}**: ${a.description || "No description available"}`;
      const params = formatActionParameters(declaredParameters(a));
      return params ? `${line}\n${params}` : line;
    })
    .join("\n");
}

/**
 * One indented line per parameter: "  - name (type, required): description" with allowed
 * values, default and examples when declared. Empty for none.
 */
export function formatActionParameters(parameters: readonly ActionParameter[]): string {
  return parameters
    .map((p) => {
      const type =
        p.schema.type === "array" && p.schema.items?.type
          ? `array of ${p.schema.items.type}`
          : (p.schema.type ?? "text");
      const notes: string[] = [];
      const allowed = p.schema.enum ?? p.schema.enumValues;
      if (allowed?.length) notes.push(`one of: ${allowed.join(" | ")}`);
      if (p.schema.default !== undefined)
        notes.push(`default: ${JSON.stringify(p.schema.default)}`);
      if (p.examples?.length)
        notes.push(`e.g. ${p.examples.map((e) => JSON.stringify(e)).join(", ")}`);
      const extra = notes.length ? ` [${notes.join("; ")}]` : "";
      const description = p.description || p.schema.description || "";
      return `  - ${p.name} (${type}, ${p.required ? "required" : "optional"}): ${description}${extra}`;
    })
    .join("\n");
}

const EXAMPLE_NAMES = ["Alex", "Bea", "Cato", "Dana", "Eli", "Fay", "Gus", "Hana", "Ivo", "Juno"];

/**
 * Up to `count` example conversations drawn at random from the actions' examples, each as
 * "\nname: text" lines with {{name1}}..{{name5}} replaced by random names. `random` (default
 * Math.random, as elizaOS) lets a caller make the draw repeatable, so a prompt built from it
 * stays the same turn after turn and a model provider's prompt cache can reuse it.
 */
export function composeActionExamples(
  actionsData: Action[],
  count: number,
  random: () => number = Math.random,
): string {
  if (!actionsData.length || count <= 0) return "";
  const pools = actionsData
    .filter((a) => Array.isArray(a.examples) && a.examples.length > 0)
    .map((a) => [...(a.examples as ActionExample[][])]);
  const chosen: ActionExample[][] = [];
  while (chosen.length < count && pools.length > 0) {
    const p = Math.floor(random() * pools.length);
    const pool = pools[p] as ActionExample[][];
    const [example] = pool.splice(Math.floor(random() * pool.length), 1);
    if (example) chosen.push(example);
    if (pool.length === 0) pools.splice(p, 1);
  }
  return chosen
    .map((example) => {
      const names = shuffled(EXAMPLE_NAMES, random).slice(0, 5);
      const lines = example.map((message) => {
        let line = `${message.name}: ${message.content.text}`;
        names.forEach((name, i) => {
          line = line.replaceAll(`{{name${i + 1}}}`, name);
        });
        return line;
      });
      return `\n${lines.join("\n")}`;
    })
    .join("\n");
}

/** `"Name" aka "Other"\nID: id` blocks, with the entity's metadata as Data when it has any. */
export function formatEntities({ entities }: { entities: Entity[] }): string {
  return entities
    .map((entity) => {
      const hasData = entity.metadata && Object.keys(entity.metadata).length > 0;
      const data = hasData ? `\nData: ${JSON.stringify(entity.metadata)}\n` : "\n";
      return `"${entity.names.join('" aka "')}"\nID: ${entity.id}${data}`;
    })
    .join("\n");
}

/**
 * `text` cut to at most `maxLength` characters at the last full stop; failing that at the last
 * space with "..."; failing that hard, with "...".
 */
export function truncateToCompleteSentence(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const period = text.lastIndexOf(".", maxLength - 1);
  if (period !== -1) {
    const cut = text.slice(0, period + 1).trim();
    if (cut.length > 0) return cut;
  }
  const space = text.lastIndexOf(" ", maxLength - 1);
  if (space !== -1) {
    const cut = text.slice(0, space).trim();
    if (cut.length > 0) return `${cut}...`;
  }
  return `${text.slice(0, maxLength - 3).trim()}...`;
}

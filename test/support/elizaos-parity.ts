// What elizaOS 1.7.2's own runtime does with plugin-bootstrap and plugin-starter in the
// seeded scene (elizaos-scene.ts), as recorded by test/elizaos/reference-run.ts, which checks
// this table against the real @elizaos/core. "Runs without crashing" is not enough: a role
// action that validates false because a room lost its messageServerId runs fine and does
// nothing. Each entry is one observable answer a plugin gave there.
import type { MatrixItem, MatrixKind, MatrixReport } from "./elizaos-plugin-matrix.ts";

interface ParityEntry {
  plugin: string;
  kind: MatrixKind;
  name: string;
  /** The item's detail equals this (validate verdicts) or starts with it. */
  detail: string;
  match: "equals" | "startsWith" | "includes";
}

const validates: [string, string][] = [
  ["REPLY", "group: true"],
  ["FOLLOW_ROOM", "group: true"],
  ["UNFOLLOW_ROOM", "group: true"],
  ["IGNORE", "group: true"],
  ["NONE", "group: true"],
  ["MUTE_ROOM", "group: true"],
  ["UNMUTE_ROOM", "group: true"],
  // Needs a component whose entity is the room; the scene has none, in elizaOS neither.
  ["SEND_MESSAGE", "group: false, DM: false"],
  ["UPDATE_CONTACT", "group: true"],
  // Alice owns the server and a task awaits a choice in the group room.
  ["CHOOSE_OPTION", "group: true"],
  ["UPDATE_ROLE", "group: true"],
  // Onboarding settings are set in a DM with the server's owner only.
  ["UPDATE_SETTINGS", "group: false, DM: true"],
  ["GENERATE_IMAGE", "group: true"],
];

const handlers: [string, string][] = [
  ["REPLY in group", "success true"],
  ["FOLLOW_ROOM in group", "success true"],
  ["UNFOLLOW_ROOM in group", "success true"],
  ["NONE in group", "success true"],
  ["MUTE_ROOM in group", "success true"],
  ["UNMUTE_ROOM in group", "success true"],
  ["UPDATE_SETTINGS in DM", "success false"],
  ["GENERATE_IMAGE in group", "success true"],
];

const providers: [string, string][] = [
  ["ENTITIES in group", "Bob"],
  ["RELATIONSHIPS in group", "Bob"],
  ["CHOICE in group", "# Pending Tasks"],
  ["CHOICE in DM", "No pending choices"],
  // The group sees the world's settings; the owner's DM gets the onboarding prompt.
  ["SETTINGS in group", "Current Configuration"],
  ["SETTINGS in DM", "Onboarding"],
  ["ROLES in DM", "No access to role information in DMs"],
  ["CHARACTER in group", "# About Eliza"],
  ["RECENT_MESSAGES in group", "# Conversation Messages"],
  ["ACTIONS in group", "Possible response actions"],
];

export const ELIZAOS_PARITY: ParityEntry[] = [
  ...validates.map(([name, detail]) => ({
    plugin: "bootstrap",
    kind: "action validate" as const,
    name,
    detail,
    match: "equals" as const,
  })),
  ...handlers.map(([name, detail]) => ({
    plugin: "bootstrap",
    kind: "action handler" as const,
    name,
    detail,
    match: "startsWith" as const,
  })),
  ...providers.map(([name, detail]) => ({
    plugin: "bootstrap",
    kind: "provider" as const,
    name,
    detail,
    match: "includes" as const,
  })),
  {
    plugin: "bootstrap",
    kind: "evaluator validate",
    name: "REFLECTION",
    detail: "true",
    match: "equals",
  },
  // Creates a post with postCreationTemplate and hands it to the callback.
  {
    plugin: "bootstrap",
    kind: "event",
    name: "POST_GENERATED",
    detail: "callbacks: 1",
    match: "equals",
  },
  {
    plugin: "plugin-starter",
    kind: "action validate",
    name: "HELLO_WORLD",
    detail: "group: true",
    match: "equals",
  },
  {
    plugin: "plugin-starter",
    kind: "action handler",
    name: "HELLO_WORLD in group",
    detail: 'success true, "Hello world!"',
    match: "startsWith",
  },
  {
    plugin: "plugin-starter",
    kind: "provider",
    name: "HELLO_WORLD_PROVIDER in group",
    detail: "text: I am a provider",
    match: "equals",
  },
];

function matches(entry: ParityEntry, item: MatrixItem): boolean {
  const detail = item.detail ?? "";
  if (entry.match === "equals") return detail === entry.detail;
  if (entry.match === "startsWith") return detail.startsWith(entry.detail);
  return detail.includes(entry.detail);
}

/** One line per answer that differs from elizaOS's, naming the item and both answers. */
export function parityGaps(report: MatrixReport): string[] {
  const gaps: string[] = [];
  for (const entry of ELIZAOS_PARITY) {
    const label = `${entry.plugin} ${entry.kind} ${entry.name}`;
    const item = report.items.find(
      (i) => i.plugin === entry.plugin && i.kind === entry.kind && i.name === entry.name,
    );
    if (!item) gaps.push(`${label}: not in the report`);
    else if (!item.ok) gaps.push(`${label}: failed (${item.error})`);
    else if (!matches(entry, item)) {
      gaps.push(
        `${label}: elizaOS 1.7.2 ${entry.match} ${JSON.stringify(entry.detail)}, eliza-edge gave ${JSON.stringify(item.detail)}`,
      );
    }
  }
  return gaps;
}

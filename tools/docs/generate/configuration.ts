// docs/reference/configuration.md from the settings catalog (tools/docs/settings/catalog.ts).
import { SETTING_GROUPS, type Setting } from "../settings/catalog.ts";
import { generatedNotice } from "./notice.ts";

/** A table cell: one line, pipes escaped. */
export function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");
}

function row(setting: Setting): string {
  const names = setting.names.map((name) => `\`${name}\``).join(", ");
  return `| ${names} | ${cell(setting.usedBy)} | ${cell(setting.default ?? "")} | ${cell(setting.meaning)} |`;
}

export function configurationPage(): string {
  const lines = [
    "---",
    "title: Configuration",
    "description: Every setting eliza-edge reads, who reads it, its default and what it does.",
    "---",
    "",
    generatedNotice("tools/docs/settings/catalog.ts"),
    "",
    "# Configuration",
    "",
    "Names are part of the public contract. `getSetting` reads, first found wins: settings passed",
    "to the runtime's constructor (`new AgentRuntime({ settings })`), then the character",
    "(`character.secrets`, `character.settings`, `settings.secrets`), then environment variables",
    "(on Workers, the Worker's `env`: vars, secrets and bindings). One exception: a base URL that",
    "receives a secret (see `SECRET_HOSTS_ALLOWED`). elizaOS's names are read when ours are set",
    "nowhere; where both are set, ours wins.",
    "",
  ];
  for (const group of SETTING_GROUPS) {
    lines.push(`## ${group.title}`, "");
    if (group.intro) lines.push(group.intro, "");
    lines.push("| Name | Used by | Default | Meaning |", "|---|---|---|---|");
    for (const setting of group.settings) lines.push(row(setting));
    lines.push("");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

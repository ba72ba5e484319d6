import { bioLines } from "../../../kernel/index.ts";
import type { Provider } from "../../../runtime/index.ts";

const MAX_EXAMPLES = 5;

/** Who the agent is: bio, traits, topics, style and a few example exchanges. */
export const characterProvider: Provider = {
  name: "CHARACTER",
  description: "The character's bio, style and example conversations",
  position: -100,
  stable: true,
  async get(runtime) {
    const c = runtime.character;
    const sections = [`# About ${c.name}`, bioLines(c).join(" ")];
    if (c.adjectives.length) sections.push(`${c.name} is ${c.adjectives.join(", ")}.`);
    if (c.topics.length) sections.push(`${c.name} is interested in ${c.topics.join(", ")}.`);
    const style = [...c.style.all, ...c.style.chat];
    if (style.length) sections.push(`# Style\n${style.map((s) => `- ${s}`).join("\n")}`);
    const examples = c.messageExamples.slice(0, MAX_EXAMPLES).map((exchange) =>
      exchange
        .map((m) => `${m.name ?? m.user ?? "User"}: ${String(m.content.text ?? "")}`)
        .join("\n")
        .replaceAll("{{user1}}", "User")
        .replaceAll("{{name1}}", "User"),
    );
    if (examples.length) sections.push(`# Example conversations\n${examples.join("\n\n")}`);
    return {
      text: sections.join("\n\n"),
      values: { agentName: c.name, bio: bioLines(c).join(" ") },
    };
  },
};

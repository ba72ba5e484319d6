// @ts-check
// src/character.ts: the agent's character in elizaOS's own shape (a character.json file
// would hold the same fields), typed so the editor completes and checks it.

/**
 * "my-agent" -> "My Agent": a readable name to start from; the user renames it.
 * @param {string} slug
 */
export function displayName(slug) {
  const words = slug.split("-").filter(Boolean);
  const name = words.map((w) => (w[0] ?? "").toUpperCase() + w.slice(1)).join(" ");
  return name || "Agent";
}

/** @param {{ displayName: string }} p */
export function characterTs({ displayName: name }) {
  const n = JSON.stringify(name);
  return `// The agent's character, in elizaOS's character shape: only \`name\` is required. Every field
// an elizaOS character file has works here (bio, system, messageExamples, style, knowledge,
// settings, secrets, ...). Keep secrets out of this file: put them in the env.
import type { Character } from "eliza-edge";

export const character: Character = {
  name: ${n},
  bio: [
    ${JSON.stringify(`${name} is a friendly, concise assistant.`)},
    "Answers in plain words and says so when it does not know.",
  ],
  system: ${JSON.stringify(`You are ${name}. Be helpful, brief and honest.`)},
  adjectives: ["friendly", "concise", "curious"],
  topics: ["everyday questions", "board games"],
  messageExamples: [
    [
      { name: "{{user}}", content: { text: "Can you roll a die for me?" } },
      { name: ${n}, content: { text: "You rolled a 5.", actions: ["ROLL_DICE"] } },
    ],
  ],
  style: {
    all: ["short sentences", "no filler"],
    chat: ["answer the question first"],
  },
};
`;
}

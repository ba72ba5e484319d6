// An agent defined in code, as a user of any target writes one: its own character in the
// elizaOS input shape, a plugin of its own (a provider), and a model plugin in `models` that
// answers by prompt. The reply says whose character and which plugin's facts reached the
// model, so a test reading one reply knows all three were used. Web-standard only: the Worker
// fixture bundles this file into workerd.
import { type Character, type ModelHandler, ModelType, type Plugin } from "../../core/index.ts";

/** `bio` as one string, as elizaOS allows; only `name` is required. */
export const ADA: Character = {
  name: "Ada",
  bio: "Ada writes programs for the Analytical Engine.",
  topics: ["Bernoulli numbers"],
};

/** A plugin defined in code: its provider adds a fact to every prompt. */
export const notesPlugin: Plugin = {
  name: "ada-notes",
  description: "Ada's notes",
  providers: [
    {
      name: "ADA_NOTES",
      description: "A fact from Ada's notes",
      get: async () => ({ text: "Note G computes the Bernoulli numbers." }),
    },
  ],
};

/** "<name> here. <fact>": the name from the character section, the fact from the plugin. */
export function replyOf(prompt: string): string {
  const name = /# About (.+)/.exec(prompt)?.[1] ?? "nobody";
  const fact = /Note G computes the Bernoulli numbers\./.test(prompt) ? "Note G." : "No notes.";
  return `${name} here. ${fact}`;
}

/** A model plugin (what `models` takes): answers from the prompt, never the network. */
export function promptModel(): Plugin {
  const answer: ModelHandler = async (_runtime, params) =>
    replyOf(String((params as { prompt?: unknown }).prompt ?? ""));
  return {
    name: "prompt-model",
    models: { [ModelType.TEXT_LARGE]: answer, [ModelType.TEXT_SMALL]: answer },
  };
}

/** What the agent answers when the character, the plugin and the model were all used. */
export const ADA_REPLY = "Ada here. Note G.";

/** A character that fails validation, and the field the error must name. */
export const BAD_CHARACTER = { name: "Ada", bio: 42 } as unknown as Character;
export const BAD_CHARACTER_ERROR = /Invalid character in the character option: bio: /;

// A scripted model for elizaOS's own prompts: it recognises which elizaOS template (from
// @elizaos/core and plugin-bootstrap 1.7.2) a prompt was built from and answers in the format
// that template asks for, so plugin-bootstrap's message loop, actions and evaluator run their
// real parsing paths without a network model. Web-standard: it also runs inside workerd.
import type { Plugin } from "../../core/index.ts";

/** What plugin-bootstrap's REPLY action says (its own prompt, answered here). */
export const SCRIPTED_REPLY = "Scripted hello from the edge.";
/**
 * The message handler's planned text. It names a provider, so elizaOS's loop takes the
 * "actions" path and runs bootstrap's REPLY action instead of sending this text directly.
 */
export const PLANNED_TEXT = "Planned text, replaced by the REPLY action.";
export const EMBEDDING_WIDTH = 384;

export interface ElizaScriptedModel {
  plugin: Plugin;
  /** Every call: model type and which template was recognised ("unknown" when none). */
  calls: { type: string; template: string }[];
}

interface Answer {
  template: string;
  text: string;
}

/** Recognisers, first match wins; each keyed on wording that only its template contains. */
const TEXT_ANSWERS: { template: string; test: RegExp; answer: (prompt: string) => string }[] = [
  {
    template: "shouldRespond",
    test: /Decide on behalf of .* whether they should respond/,
    answer: () =>
      "<response><name>Eliza</name><reasoning>The user talks to me.</reasoning><action>RESPOND</action></response>",
  },
  {
    template: "messageHandler",
    test: /Generate dialog and actions for the character/,
    answer: () =>
      `<response><thought>A greeting deserves an answer.</thought><actions>REPLY</actions><providers>FACTS</providers><text>${PLANNED_TEXT}</text></response>`,
  },
  {
    template: "reply",
    test: /Generate dialog for the character/,
    answer: () =>
      `<response><thought>Answer kindly.</thought><text>${SCRIPTED_REPLY}</text></response>`,
  },
  {
    template: "reflection",
    test: /Generate Agent Reflection, Extract Facts and Relationships/,
    answer: () =>
      "<response><thought>The user is friendly.</thought><facts><fact><claim>The user runs agents on the edge</claim><type>fact</type><in_bio>false</in_bio><already_known>false</already_known></fact></facts><relationships></relationships></response>",
  },
  {
    template: "roleExtraction",
    test: /Parse Role Assignment/,
    answer: () =>
      "<response><assignments><assignment><entityId>Bob</entityId><newRole>ADMIN</newRole></assignment></assignments></response>",
  },
  {
    template: "choice",
    test: /Extract selected task and option from user message/,
    answer: (prompt) => {
      const task = /Task ID: (\S+)/.exec(prompt)?.[1] ?? "null";
      const option = /Available options:\n- ([^:\n]+):/.exec(prompt)?.[1] ?? "ABORT";
      return `<response><taskId>${task}</taskId><selectedOption>${option}</selectedOption></response>`;
    },
  },
  {
    template: "sendMessageTarget",
    test: /Extract Target and Source Information/,
    answer: () =>
      "<response><targetType>room</targetType><source>test</source><identifiers><roomName>general</roomName></identifiers></response>",
  },
  {
    // @elizaos/core's findEntityByName: answer with the name so the lookup matches by name.
    template: "entityResolution",
    test: /# Task: Resolve Entity Name/,
    answer: () =>
      "<response><entityId>null</entityId><type>NAME_MATCH</type><matches><match><name>Bob</name><reason>Named in the message</reason></match></matches></response>",
  },
  {
    template: "updateEntity",
    test: /Extract Source and Update Component Data/,
    answer: () =>
      "<response><source>test</source><data><username>bob_edge</username><displayName>Bob</displayName></data></response>",
  },
  {
    template: "imagePrompt",
    test: /Generate an image prompt based on the user's request/,
    answer: () => "<response><prompt>a lighthouse at dawn</prompt></response>",
  },
  {
    template: "imageDescription",
    test: /Analyze the provided image/,
    answer: () =>
      "<response><title>A picture</title><description>A small test picture.</description><text>A small test picture.</text></response>",
  },
  {
    template: "settingsResponse",
    test: /Generate a response for (successful setting updates|failed setting updates|an error during setting updates|settings completion)/,
    answer: () => "<response><text>Settings noted.</text></response>",
  },
  {
    template: "postCreation",
    test: /Create a post in the voice and style/,
    answer: () => "<response><thought>Post.</thought><post>Edge agents are here.</post></response>",
  },
  // followRoom, unfollowRoom, muteRoom, unmuteRoom and other yes/no prompts end with booleanFooter.
  { template: "boolean", test: /Respond with only a YES or a NO/, answer: () => "YES" },
];

function answerText(prompt: string): Answer {
  for (const known of TEXT_ANSWERS) {
    if (known.test.test(prompt)) return { template: known.template, text: known.answer(prompt) };
  }
  return { template: "unknown", text: `<response><text>${SCRIPTED_REPLY}</text></response>` };
}

function promptOf(params: unknown): string {
  if (typeof params === "string") return params;
  if (params && typeof params === "object" && "prompt" in params) {
    return String((params as { prompt: unknown }).prompt ?? "");
  }
  return "";
}

/** A deterministic unit vector from the text, so similar calls give identical embeddings. */
export function scriptedEmbedding(text: string): number[] {
  const vector = new Array<number>(EMBEDDING_WIDTH).fill(0);
  for (let i = 0; i < text.length; i++) {
    const slot = (text.charCodeAt(i) * 31 + i) % EMBEDDING_WIDTH;
    vector[slot] = (vector[slot] ?? 0) + 1;
  }
  vector[0] = (vector[0] ?? 0) + 1;
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
  return vector.map((x) => x / norm);
}

function embeddingText(params: unknown): string {
  if (typeof params === "string") return params;
  if (params && typeof params === "object" && "text" in params) {
    return String((params as { text: unknown }).text ?? "");
  }
  return "";
}

export function elizaScriptedModel(): ElizaScriptedModel {
  const calls: ElizaScriptedModel["calls"] = [];
  const text = (type: string) => async (_runtime: unknown, params: unknown) => {
    const { template, text } = answerText(promptOf(params));
    calls.push({ type, template });
    return text;
  };
  const object = (type: string) => async (_runtime: unknown, params: unknown) => {
    const prompt = promptOf(params);
    // settings.ts asks OBJECT_LARGE for an array of {key, value} the user's message sets.
    const settings = /extract settings values/i.test(prompt);
    calls.push({ type, template: settings ? "settingsExtraction" : "object" });
    return settings ? [{ key: "SITE_NAME", value: "Edge Docs" }] : {};
  };
  const plugin: Plugin = {
    name: "elizaos-scripted-model",
    description: "Answers elizaOS's prompts from a script (tests only)",
    priority: 100,
    models: {
      TEXT_SMALL: text("TEXT_SMALL"),
      TEXT_LARGE: text("TEXT_LARGE"),
      OBJECT_SMALL: object("OBJECT_SMALL"),
      OBJECT_LARGE: object("OBJECT_LARGE"),
      TEXT_EMBEDDING: async (_runtime: unknown, params: unknown) => {
        calls.push({ type: "TEXT_EMBEDDING", template: "embedding" });
        return scriptedEmbedding(embeddingText(params));
      },
      IMAGE: async () => {
        calls.push({ type: "IMAGE", template: "image" });
        return [{ url: "https://images.test/lighthouse.png" }];
      },
      IMAGE_DESCRIPTION: async () => {
        calls.push({ type: "IMAGE_DESCRIPTION", template: "imageDescription" });
        return { title: "A picture", description: "A small test picture." };
      },
    },
  };
  return { plugin, calls };
}

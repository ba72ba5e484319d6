// The offline fallback model: answers TEXT_SMALL and TEXT_LARGE with ELIZA when no real
// model provider is configured, so an agent always replies.

import { type GenerateTextParams, ModelType } from "../../kernel/index.ts";
import type { IAgentRuntime, Plugin } from "../../runtime/index.ts";
import { parseReminder, type ReminderIntent } from "../reminders/index.ts";
import { matchAction } from "./action-match.ts";
import { createElizaEngine, type ElizaEngineOptions } from "./engine.ts";

const TASK_ACTIONS: Record<ReminderIntent["kind"], string> = {
  once: "REMIND",
  every: "CREATE_TASK",
  cancel: "CANCEL_TASK",
  timezone: "SET_TIME_ZONE",
};

export const ELIZA_PLUGIN_NAME = "eliza-offline";

/** Below every real provider (their default is 0), so ELIZA only answers when nothing else can. */
const FALLBACK_PRIORITY = -1000;

export function createElizaPlugin(options: ElizaEngineOptions = {}): Plugin {
  // One engine per plugin instance: conversation state never leaks between agents.
  const engine = createElizaEngine(options);
  // createAgent announces the fallback once at startup; answering stays silent.
  const generateText = async (
    runtime: IAgentRuntime,
    params: GenerateTextParams,
  ): Promise<string> => {
    const text = userTextOf(params);
    // Rules the 1966 script never had. A request for a reminder is planned as the action that
    // sets it, so scheduling works with no model configured.
    // Called without a runtime by some callers (tests, elizaOS code): the wall clock then.
    const now = typeof runtime?.now === "function" ? runtime.now() : Date.now();
    const intent = await parseReminder(text, { now });
    if (intent) return `<response><actions>${TASK_ACTIONS[intent.kind]}</actions></response>`;
    // And a plugin's action when the user asks for it in its own words (action-match.ts), so
    // a new project's example action works before any model key is set.
    const action = Array.isArray(runtime?.actions) ? matchAction(runtime.actions, text) : undefined;
    if (action) return `<response><actions>${action}</actions></response>`;
    return engine.respond(text, params?.roomId);
  };

  return {
    name: ELIZA_PLUGIN_NAME,
    description: "Offline fallback model: classic ELIZA with the 1966 DOCTOR script.",
    priority: FALLBACK_PRIORITY,
    models: {
      [ModelType.TEXT_SMALL]: generateText,
      [ModelType.TEXT_LARGE]: generateText,
    },
  };
}

export const LINE_BREAK = /\r?\n/;

/** ELIZA cannot read a prompt: it answers the user's own words, or the prompt's last line. */
function userTextOf(params: GenerateTextParams | undefined): string {
  if (typeof params?.userText === "string") return params.userText;
  if (typeof params?.prompt !== "string") return "";
  const lines = params.prompt.split(LINE_BREAK).filter((line) => line.trim() !== "");
  return lines.at(-1) ?? "";
}

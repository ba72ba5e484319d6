// Prompt templates in elizaOS's format, so a character's `templates` overrides carry over
// under the same names (messageHandlerTemplate, shouldRespondTemplate, replyTemplate).
import type { TemplateFunction } from "../../kernel/index.ts";

// The per-turn context (<providers>) comes last in each template: what precedes it is the
// same on every turn, so a provider's prompt cache serves it (see segmented-prompt.ts).
export const messageHandlerTemplate = `<task>Generate dialog and actions for the character {{agentName}}.</task>

<instructions>
Write a thought and plan for {{agentName}} and decide what actions to take. Choose actions
from the available actions listed in <providers> below. REPLY answers with the <text>;
IGNORE ends the conversation; NONE does nothing more. List actions in the order they should
run. Only list providers in your <providers> when extra context is needed before answering.
When a chosen action lists parameters, give their values in <params>: one element named
like the action, holding one element per parameter. Leave <params> out otherwise.
</instructions>

<output>
Respond using XML format like this:
<response>
    <thought>Your thought here</thought>
    <actions>ACTION1,ACTION2</actions>
    <providers>PROVIDER1,PROVIDER2</providers>
    <text>Your response text here</text>
    <params>
        <ACTION1>
            <parameterName>value</parameterName>
        </ACTION1>
    </params>
</response>

Your response must ONLY include the <response></response> XML block.
</output>

<providers>
{{providers}}
</providers>`;

export const shouldRespondTemplate = `<task>Decide on behalf of {{agentName}} whether they should respond to the message, ignore it or stop the conversation.</task>

<instructions>
Respond if {{agentName}} is addressed, mentioned, or can clearly help. Ignore messages meant
for others or that need no answer. Stop if asked to stop or be quiet.
</instructions>

<output>
Respond using XML format like this:
<response>
  <name>{{agentName}}</name>
  <reasoning>Your reasoning here</reasoning>
  <action>RESPOND | IGNORE | STOP</action>
</response>

Your response must ONLY include the <response></response> XML block.
</output>

<providers>
{{providers}}
</providers>`;

export const replyTemplate = `<task>Generate dialog for the character {{agentName}}.</task>

<instructions>
Write {{agentName}}'s next reply in the conversation below, in character.
</instructions>

<output>
<response>
    <thought>Your thought here</thought>
    <text>Your reply here</text>
</response>
</output>

<providers>
{{providers}}
</providers>`;

/** `{{name}}`; values (user text among them) are substituted in one pass, never rescanned. */
export const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * Fills {{name}} placeholders; unknown ones become empty, as in elizaOS. The message loop's
 * own templates need nothing more than this; plugins get elizaOS's Handlebars-subset
 * composePrompt/composePromptFromState (core/runtime/prompts/prompts.ts).
 */
export function fillTemplate(
  template: string | TemplateFunction,
  values: Record<string, unknown>,
): string {
  // A character's template may be a function of the state (elizaOS's TemplateType); its
  // text is then filled like any other template, as elizaOS does.
  const text = typeof template === "function" ? template({ state: values }) : template;
  return text.replace(PLACEHOLDER, (_, key: string) => {
    const value = values[key];
    if (value === undefined || value === null) return "";
    return typeof value === "string" ? value : JSON.stringify(value);
  });
}

// elizaOS's prompt composition (templates, Handlebars) and its text formatters.
export {
  composeActionExamples,
  formatActionNames,
  formatActionParameters,
  formatActions,
  formatEntities,
  formatMessages,
  formatPosts,
  formatTimestamp,
  truncateToCompleteSentence,
} from "./formatting.ts";
export { addHeader, composePrompt, composePromptFromState, type TemplateType } from "./prompts.ts";

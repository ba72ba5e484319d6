// TODO describe core/runtime/prompts
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

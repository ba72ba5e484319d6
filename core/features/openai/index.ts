// TODO describe core/features/openai
export {
  createOpenAIPlugin,
  embeddingsOff,
  embedMany,
  type OpenAIPluginOptions,
} from "./openai.ts";

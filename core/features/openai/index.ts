// OpenAI-compatible models (OpenAI, Groq, OpenRouter, Together, Ollama, llama.cpp, vLLM) as a
// model plugin: text, objects, embeddings, images, speech and transcription.
export {
  createOpenAIPlugin,
  embeddingsOff,
  embedMany,
  type OpenAIPluginOptions,
} from "./openai.ts";

// TEXT_EMBEDDING from the local GGUF embedding sidecar (targets/node/sidecar/), or any server
// speaking OpenAI's embeddings shape without a key, at LOCAL_EMBEDDING_URL. It outranks the
// OpenAI-compatible provider's embeddings: a local model is the one the user pointed at.

import { type EmbeddingParams, ModelError, ModelType } from "../../kernel/index.ts";
import type { IAgentRuntime, Plugin } from "../../runtime/index.ts";
import {
  checkEmbeddingTexts,
  DEFAULT_TIMEOUT_MS,
  embeddingRequest,
  embeddingResponse,
  type HttpModelOptions,
  type HttpProvider,
  orderedEmbeddings,
  postJson,
  readBaseUrl,
  readPositiveInt,
  readSetting,
} from "../model-http/index.ts";

const ID = "local-embedding";
const URL_SETTING = "LOCAL_EMBEDDING_URL";

/**
 * Embeds several texts in one request, in input order, each checked against
 * EMBEDDING_DIMENSION when that is set.
 */
export async function embedManyLocally(
  runtime: IAgentRuntime,
  texts: string[],
  options: HttpModelOptions = {},
): Promise<number[][]> {
  checkEmbeddingTexts(ID, texts);
  if (texts.length === 0) return [];
  return embed(runtime, texts, texts, options);
}

async function embed(
  runtime: IAgentRuntime,
  input: string | string[],
  texts: string[],
  options: HttpModelOptions,
): Promise<number[][]> {
  if (readSetting(runtime, URL_SETTING) === undefined) {
    throw new ModelError(
      ID,
      `${URL_SETTING} is not set; point it at the embedding sidecar (http://127.0.0.1:PORT)`,
    );
  }
  // The fallback is never used: the setting was just checked.
  const baseUrl = readBaseUrl(runtime, ID, URL_SETTING, "http://127.0.0.1");
  const provider: HttpProvider = {
    id: ID,
    label: `the local embedding server at ${new URL(baseUrl).origin}`,
    keySetting: URL_SETTING,
    hasKey: false,
  };
  const dimension = readPositiveInt(runtime, ID, "EMBEDDING_DIMENSION");
  // The sidecar serves /embeddings at its root; a base URL ending in /v1 (llama.cpp's
  // server, Ollama) works the same way.
  const data = await postJson(provider, `${baseUrl}/embeddings`, {
    ...options,
    headers: {},
    body: { input },
    timeoutMs: readPositiveInt(runtime, ID, "MODEL_TIMEOUT_MS") ?? DEFAULT_TIMEOUT_MS,
    response: embeddingResponse(),
    logger: runtime.logger,
  });
  return orderedEmbeddings(data, {
    providerId: ID,
    label: provider.label,
    count: texts.length,
    dimension,
    // A local model's width is fixed, so the setting is what can change.
    mismatchHint: (received) =>
      `set EMBEDDING_DIMENSION=${received} for this model, or load a ${dimension}-dimensional one`,
  });
}

/** TEXT_EMBEDDING over the local sidecar. Settings: LOCAL_EMBEDDING_URL, EMBEDDING_DIMENSION, MODEL_TIMEOUT_MS. */
export function createLocalEmbeddingPlugin(options: HttpModelOptions = {}): Plugin {
  return {
    name: ID,
    description: "Local GGUF embeddings through the embedding sidecar (LOCAL_EMBEDDING_URL)",
    priority: 10,
    models: {
      [ModelType.TEXT_EMBEDDING]: async (
        runtime: IAgentRuntime,
        params: EmbeddingParams | string,
      ): Promise<number[] | number[][]> => {
        // `{texts}` (plugin-knowledge's batch form) gets one vector per text, in one request.
        const request = embeddingRequest(ID, params);
        if (request.batch) return embedManyLocally(runtime, request.texts, options);
        const [vector] = await embed(runtime, request.text, [request.text], options);
        return vector!;
      },
    },
  };
}

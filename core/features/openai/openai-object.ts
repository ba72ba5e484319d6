// OBJECT_SMALL / OBJECT_LARGE over an OpenAI-compatible server: JSON mode
// (`response_format: {type: "json_object"}`), the answer parsed (see object-request.ts).

import { ModelType } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import {
  checkObjectParams,
  type HttpModelOptions,
  objectInstruction,
  readObjectAnswer,
} from "../model-http/index.ts";
import { chatText, OPENAI_ID, readOpenAIConfig } from "./openai-chat.ts";

export function generateObject(
  size: "small" | "large",
  options: HttpModelOptions,
  chatModel: (runtime: IAgentRuntime, size: "small" | "large") => string,
) {
  const modelType = size === "small" ? ModelType.OBJECT_SMALL : ModelType.OBJECT_LARGE;
  return async (runtime: IAgentRuntime, input: unknown): Promise<unknown> => {
    const params = checkObjectParams(OPENAI_ID, modelType, input);
    const text = await chatText(
      runtime,
      options,
      {
        model: chatModel(runtime, size),
        messages: [
          { role: "system", content: objectInstruction(params) },
          { role: "user", content: params.prompt },
        ],
        response_format: { type: "json_object" },
        temperature: params.temperature,
        stop: params.stopSequences?.length ? params.stopSequences : undefined,
      },
      input,
    );
    return readObjectAnswer(OPENAI_ID, readOpenAIConfig(runtime).provider.label, params, text);
  };
}

// elizaOS's generateText: a prompt, by default prefixed with who the character is, sent to
// TEXT_LARGE (or the model type the options name).
import {
  type GenerateTextOptions,
  type GenerateTextResult,
  ModelType,
} from "../../kernel/index.ts";
import type { IAgentRuntime } from "../contract/index.ts";

export async function generateText(
  runtime: IAgentRuntime,
  input: string,
  options: GenerateTextOptions = {},
): Promise<GenerateTextResult> {
  if (!input?.trim()) throw new Error("Input cannot be empty");
  const { includeCharacter = true, modelType = ModelType.TEXT_LARGE, ...params } = options;
  const prompt = includeCharacter ? withCharacter(runtime, input) : input;
  const text = await runtime.useModel<string>(modelType, {
    ...params,
    prompt,
    user: params.user !== undefined ? params.user : runtime.character.name,
  });
  return { text: String(text) };
}

function withCharacter(runtime: IAgentRuntime, input: string): string {
  const c = runtime.character;
  const parts: string[] = [];
  const bio = Array.isArray(c.bio) ? c.bio.join(" ") : c.bio;
  if (bio) parts.push(`# About ${c.name}\n${bio}`);
  if (c.system) parts.push(c.system);
  const styles = [...(c.style?.all ?? []), ...(c.style?.chat ?? [])];
  if (styles.length) parts.push(`Style:\n${styles.map((s) => `- ${s}`).join("\n")}`);
  return parts.length ? `${parts.join("\n\n")}\n\n${input}` : input;
}

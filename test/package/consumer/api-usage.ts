// Type-checked with strict tsc against the installed package: the public API as a user writes
// it (core, an adapter, the targets, the elizaOS compat entry and its types).
import {
  type Character,
  CharacterError,
  createAgent,
  type Plugin,
  parseCharacter,
} from "eliza-edge";
import { createMemoryStorage } from "eliza-edge/adapters/memory";
import { createClient } from "eliza-edge/client";
import {
  type Action,
  type HandlerCallback,
  type IAgentRuntime,
  type Memory,
  ModelType,
  stringToUuid,
} from "eliza-edge/elizaos";
import { createWorker, type WorkerEnv } from "eliza-edge/targets/cloudflare";
import { createLambdaHandler } from "eliza-edge/targets/lambda";
import { startNodeServer } from "eliza-edge/targets/node";
import { createVercelHandler } from "eliza-edge/targets/vercel";

const wave: Action = {
  name: "WAVE",
  description: "Waves back",
  similes: ["HELLO"],
  examples: [],
  validate: async () => true,
  handler: async (
    runtime: IAgentRuntime,
    message: Memory,
    _state,
    _options,
    callback?: HandlerCallback,
  ) => {
    const text = await runtime.useModel(ModelType.TEXT_SMALL, {
      prompt: message.content.text ?? "",
    });
    await callback?.({ text: String(text), actions: ["WAVE"] });
    return { success: true };
  },
};

const plugin: Plugin = { name: "wave", description: "waves", actions: [wave] };

export async function agentInCode(): Promise<string> {
  const character: Character = parseCharacter({ name: "Ada", bio: ["Counts things."] });
  const runtime = await createAgent({
    character,
    storage: createMemoryStorage(),
    plugins: [plugin],
  });
  return `${runtime.character.name} ${stringToUuid("Ada")}`;
}

export function describeFailure(error: unknown): string | undefined {
  return error instanceof CharacterError ? error.issues.map((i) => i.path).join(",") : undefined;
}

export const worker = createWorker({ plugins: [plugin] });
export const respond = (request: Request, env: WorkerEnv) =>
  worker.fetch(request, env, { waitUntil: () => {}, passThroughOnException: () => {} });
export const lambda = createLambdaHandler({ plugins: [plugin] });
export const vercel: (request: Request) => Promise<Response> = createVercelHandler();
export const node = () => startNodeServer({ port: 0 });

/** The typed client: its routes and answers are typed from the package's declarations. */
export async function lastRunActions(baseUrl: string, token: string): Promise<string[]> {
  const api = createClient(baseUrl, { token });
  const sent = await (await api.api.messages.$post({ json: { text: "hi", userId: "ada" } })).json();
  const run = await (await api.api.runs[":id"].$get({ param: { id: sent.runId } })).json();
  const tasks = await (await api.api.tasks.$get({ query: { limit: "5" } })).json();
  return [...run.summary.actions.map((a) => a.name), ...tasks.tasks.map((t) => t.status)];
}

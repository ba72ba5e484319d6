// A memory-backed agent and a message sender for the runs-*.test.ts files (timeout, stale
// replies, lifecycle events), so each test file states only the behaviour it checks.
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  type AgentRuntime,
  ChannelType,
  type Content,
  createAgent,
  type HandleMessageOptions,
  messageService,
  type Plugin,
  parseCharacter,
  type StorageAdapter,
  stringToUuid,
} from "../../core/index.ts";
import { type ScriptedModel, scriptedModel } from "./scripted-model.ts";

export const userId = stringToUuid("user-1");

export async function runsAgent(
  options: {
    settings?: Record<string, string>;
    plugins?: Plugin[];
    storage?: StorageAdapter;
    now?: () => number;
  } = {},
): Promise<{ runtime: AgentRuntime; model: ScriptedModel; storage: StorageAdapter }> {
  const model = scriptedModel();
  const storage = options.storage ?? createMemoryStorage();
  const runtime = await createAgent({
    character: parseCharacter({
      name: "Ada",
      bio: ["Ada helps."],
      settings: options.settings ?? {},
    }),
    storage,
    plugins: [model.plugin, ...(options.plugins ?? [])],
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    now: options.now,
  });
  return { runtime, model, storage };
}

export function sendTo(
  runtime: AgentRuntime,
  text: string,
  options: { room?: string; user?: string; extra?: HandleMessageOptions } = {},
) {
  const roomId = stringToUuid(options.room ?? "room-1");
  const entityId = options.user ? stringToUuid(options.user) : userId;
  const replies: Content[] = [];
  const promise = messageService.handleMessage(
    runtime,
    { entityId, roomId, content: { text, channelType: ChannelType.DM, source: "test" } },
    (content) => {
      replies.push(content);
    },
    {
      connection: { entityId, roomId, userName: "Grace", source: "test", type: ChannelType.DM },
      ...options.extra,
    },
  );
  return { promise, replies, roomId };
}

/** A promise with its resolve function, for holding a scripted model's answer back. */
export function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

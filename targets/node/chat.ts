// `npm run chat`: talk to the agent in the terminal. When `npm start` holds the PGlite
// directory (its lock names its URL) or already serves on HOST:PORT, the chat goes through its
// REST API, because two processes must never open one embedded PGlite directory; otherwise it
// runs the agent in this process on the same storage, with its own task loop. Either way,
// reminders and other messages the agent sends on its own are printed as they fire.
import { createInterface } from "node:readline/promises";
import {
  ChannelType,
  type Character,
  characterAgentId,
  createAgent,
  createUniqueUuid,
  ModelType,
  messageService,
} from "../../core/index.ts";
import { envSetting } from "../../core/kernel/index.ts";
import { watchRoom } from "./chat-watch.ts";
import { loadCharacter } from "./config.ts";
import { DataDirBusyError, lockHolder } from "./data-dir-lock.ts";
import { isOfflineModel, OFFLINE_MODEL_NOTICE } from "./start-banner.ts";
import { pgliteDir, storageFromEnv } from "./storage.ts";
import { startTaskLoop } from "./task-loop.ts";

type Say = (text: string) => Promise<string[]>;

/** Something the agent said on its own, printed above the prompt. */
let announce = (name: string, text: string) => console.log(`${name}: ${text}`);
let stopWatching = () => {};
/** The agent answers with the offline ELIZA: said once, so a first-time user knows why. */
let offline = false;

const env = process.env;
const userName = env.USER ?? "you";
const roomKey = `terminal:${userName}`;

/** The server holding the PGlite directory; a holder that serves nothing is refused. */
function lockedServer(): string | undefined {
  if (envSetting(env, "DATABASE_URL") || env.ALLOW_NO_DATABASE === "true") return undefined;
  const dir = pgliteDir(env);
  const holder = lockHolder(dir);
  if (!holder) return undefined;
  if (!holder.url) throw new DataDirBusyError(dir, holder);
  return holder.url;
}

async function runningServer(): Promise<Say | undefined> {
  const locked = lockedServer();
  const base = locked ?? `http://${env.HOST ?? "127.0.0.1"}:${env.PORT ?? "3000"}`;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (env.API_TOKEN) headers.authorization = `Bearer ${env.API_TOKEN}`;
  try {
    // The lock says a server is there: give a busy one longer than a guess at HOST:PORT.
    const health = await fetch(`${base}/health`, {
      signal: AbortSignal.timeout(locked ? 10_000 : 1000),
    });
    if (!health.ok) return undefined;
    const about = (await health.json().catch(() => ({}))) as { models?: { text?: string } };
    offline = isOfflineModel(about.models?.text);
  } catch {
    return undefined;
  }
  console.log(`(talking to the server at ${base})`);
  const watch = watchRoom(base, roomKey, headers, (m) => announce(m.name, m.text));
  stopWatching = () => watch.stop();
  return async (text) => {
    const res = await fetch(`${base}/api/messages`, {
      method: "POST",
      headers,
      body: JSON.stringify({ text, userId: roomKey, roomId: roomKey, userName }),
    });
    const body = (await res.json()) as {
      messageId?: string;
      replies?: { id: string | null; text: string }[];
      error?: { message: string };
    };
    if (!res.ok) throw new Error(body.error?.message ?? `HTTP ${res.status}`);
    watch.seen([body.messageId, ...(body.replies ?? []).map((r) => r.id)]);
    return (body.replies ?? []).map((r) => r.text);
  };
}

async function inProcess(character: Character): Promise<{ say: Say; close: () => Promise<void> }> {
  const storage = await storageFromEnv(env, {
    agentId: characterAgentId(character),
    command: "chat",
  });
  const runtime = await createAgent({ character, storage, env });
  offline = isOfflineModel(runtime.getModelRegistration(ModelType.TEXT_LARGE)?.provider);
  // Reminders set here fire here: this process ticks its own tasks and prints what they say.
  runtime.registerSendHandler("terminal", async (_runtime, _target, content) => {
    if (typeof content.text === "string" && content.text) announce(character.name, content.text);
  });
  const tickEvery = env.TASK_INTERVAL_MS === undefined ? 5000 : Number(env.TASK_INTERVAL_MS);
  const tasks = tickEvery > 0 ? startTaskLoop(runtime, tickEvery) : undefined;
  const entityId = createUniqueUuid(runtime, roomKey);
  const roomId = createUniqueUuid(runtime, roomKey);
  const connection = {
    entityId,
    roomId,
    userName,
    name: userName,
    source: "terminal",
    type: ChannelType.DM,
  };
  const say: Say = async (text) => {
    const replies: string[] = [];
    await messageService.handleMessage(
      runtime,
      {
        entityId,
        roomId,
        content: { text, source: "terminal", channelType: ChannelType.DM },
        metadata: { entityName: userName },
      },
      (content) => {
        replies.push(content.text ?? "");
      },
      { connection },
    );
    return replies;
  };
  return {
    say,
    close: async () => {
      await tasks?.stop();
      await runtime.stop();
      await storage.close();
    },
  };
}

// Validated either way, so a broken character file is reported before anything else.
const character = await loadCharacter(env);
const remote = await runningServer();
const local = remote ? undefined : await inProcess(character);
const say = remote ?? (local as { say: Say }).say;

const rl = createInterface({
  input: process.stdin,
  output: process.stdout,
  terminal: process.stdin.isTTY,
});
announce = (name, text) => {
  console.log(`\n${name}: ${text}`);
  rl.prompt(true);
};
console.log(`Talking to ${character.name}. Type /quit to leave.`);
if (offline) console.log(`(${character.name} is ${OFFLINE_MODEL_NOTICE}.)`);
rl.setPrompt("> ");
rl.prompt();
for await (const line of rl) {
  const text = line.trim();
  if (text === "/quit" || text === "/exit") break;
  if (text) {
    try {
      for (const reply of await say(text)) console.log(`${character.name}: ${reply}`);
    } catch (error) {
      console.error(`error: ${(error as Error).message}`);
    }
  }
  rl.prompt();
}
rl.close();
stopWatching();
await local?.close();

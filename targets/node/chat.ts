// `npm run chat`: talk to the agent in the terminal, through the same pipeline as the API.
import { createInterface } from "node:readline/promises";
import {
  ChannelType,
  characterAgentId,
  createAgent,
  createUniqueUuid,
  messageService,
} from "../../core/index.ts";
import { loadCharacter } from "./config.ts";
import { storageFromEnv } from "./storage.ts";

const env = process.env;
const character = await loadCharacter(env);
const storage = await storageFromEnv(env, { agentId: characterAgentId(character) });
const runtime = await createAgent({ character, storage, env });
const userName = env.USER ?? "you";
const entityId = createUniqueUuid(runtime, `terminal:${userName}`);
const roomId = createUniqueUuid(runtime, `terminal:${userName}:room`);
const connection = {
  entityId,
  roomId,
  userName,
  name: userName,
  source: "terminal",
  type: ChannelType.DM,
};

const rl = createInterface({
  input: process.stdin,
  output: process.stdout,
  terminal: process.stdin.isTTY,
});
console.log(`Talking to ${character.name}. Type /quit to leave.`);
rl.setPrompt("> ");
rl.prompt();
for await (const line of rl) {
  const text = line.trim();
  if (text === "/quit" || text === "/exit") break;
  if (text) {
    try {
      await messageService.handleMessage(
        runtime,
        {
          entityId,
          roomId,
          content: { text, source: "terminal", channelType: ChannelType.DM },
          metadata: { entityName: userName },
        },
        (content) => {
          console.log(`${character.name}: ${content.text ?? ""}`);
        },
        { connection },
      );
    } catch (error) {
      console.error(`error: ${(error as Error).message}`);
    }
  }
  rl.prompt();
}
rl.close();
await runtime.stop();
await storage.close();

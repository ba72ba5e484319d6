import type { Command } from "../command.ts";
import { build } from "./build.ts";
import { characterValidate } from "./character-validate.ts";
import { chat } from "./chat.ts";
import { discordRegisterCommands, telegramSetWebhook, telegramWebhookInfo } from "./connectors.ts";
import { dynamodbCreateTable, dynamodbLocal } from "./dynamodb.ts";
import { invoke } from "./invoke.ts";
import { migrate } from "./migrate.ts";
import { runs } from "./runs.ts";
import { start } from "./start.ts";
import { tasks } from "./tasks.ts";
import { tick } from "./tick.ts";

export const commands: Command[] = [
  start,
  chat,
  migrate,
  tick,
  runs,
  tasks,
  telegramSetWebhook,
  telegramWebhookInfo,
  discordRegisterCommands,
  characterValidate,
  build,
  invoke,
  dynamodbCreateTable,
  dynamodbLocal,
];

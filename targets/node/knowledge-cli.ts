// `npm run knowledge:ingest`: embed the character's knowledge into the configured storage.
import { characterAgentId, createAgent } from "../../core/index.ts";
import { loadCharacter } from "./config.ts";
import { failureLine } from "./failure-line.ts";
import { ingestCharacterKnowledge } from "./knowledge.ts";
import { storageFromEnv } from "./storage.ts";

try {
  const character = await loadCharacter(process.env);
  // With PGlite, refused while `npm start` has the directory open (it ingests at startup).
  const storage = await storageFromEnv(process.env, {
    agentId: characterAgentId(character),
    command: "knowledge:ingest",
  });
  const runtime = await createAgent({ character, storage, env: process.env });
  const report = await ingestCharacterKnowledge(runtime);
  console.log(report ? JSON.stringify(report) : "nothing to ingest");
  await storage.close();
} catch (error) {
  console.error(failureLine("knowledge:ingest failed", error, process.env));
  process.exit(1);
}

// What every target's create function takes to define the agent in code (createWorker,
// createLambdaHandler, createVercelHandler, startNodeServer). Whatever is not given comes from
// the env as before: CHARACTER_JSON or the bundled character.json, the target's database, the
// bots whose secrets are set, the model provider whose key is set.
import { type ConnectorName, connectorsNamed } from "../../connectors/index.ts";
import {
  type Character,
  characterAgentId,
  type KnowledgeFiles,
  type Plugin,
  parseCharacter,
  type StorageAdapter,
  type UUID,
} from "../../core/index.ts";
import type { ParsedCharacter } from "../../core/kernel/index.ts";
import type { ConnectorSet } from "./connectors.ts";

export type TargetEnv = Record<string, string | undefined>;

/** What a storage factory is told about the agent it serves. */
export interface StorageContext {
  /** The agent's id (the character's `id`, else derived from its name): the storage's scope. */
  agentId: UUID;
  /** The validated character. */
  character: ParsedCharacter;
}

/**
 * Builds the storage from the target's env, e.g.
 * `(env, { agentId }) => createD1Storage(env.DB, { agentId })` on a Worker, whose D1 binding
 * only arrives with a request.
 */
export type StorageFactory<Env = TargetEnv> = (
  env: Env,
  agent: StorageContext,
) => StorageAdapter | Promise<StorageAdapter>;

/** A storage instance (kept for the life of the process or isolate) or a factory of the env. */
export type StorageOption<Env = TargetEnv> = StorageAdapter | StorageFactory<Env>;

/** The bots to serve, by name, or connectors built in code with their plugins. */
export type ConnectorsOption = readonly ConnectorName[] | ConnectorSet;

export interface AgentOptions<Env = TargetEnv> {
  /**
   * The character as an elizaOS user writes it (only `name` required, e.g.
   * `{ name: "Ada", bio: ["..."] }`). Default CHARACTER_JSON, else the bundled character.json.
   */
  character?: Character;
  /** More plugins: actions, providers, services, published elizaOS plugins. */
  plugins?: Plugin[];
  /** Default the target's database from the env (D1 `DB`, DYNAMODB_TABLE, DATABASE_URL, PGlite). */
  storage?: StorageOption<Env>;
  /** Default the bots whose secrets the env sets (TELEGRAM_BOT_TOKEN, DISCORD_PUBLIC_KEY). */
  connectors?: ConnectorsOption;
  /**
   * The model plugins, instead of the provider the env switches on (OPENAI_API_KEY,
   * ANTHROPIC_API_KEY, a Worker's `AI` binding). The offline ELIZA fallback stays last.
   */
  models?: Plugin[];
  /**
   * The character's knowledge files, by the path its `knowledge` entries name
   * (`{ path: "docs/faq.md" }`, `{ directory: "docs" }`): there is no file system at run time,
   * so the deployment bundles their text (`import faq from "./docs/faq.md"` with a Text rule).
   */
  knowledgeFiles?: KnowledgeFiles;
}

/** The options as checked when the target is created: the character is validated by then. */
export interface AgentDefinition<Env = TargetEnv> {
  character?: ParsedCharacter;
  plugins: Plugin[];
  storage?: StorageOption<Env>;
  /** Chosen in code; undefined leaves the choice to the env. */
  connectors?: ConnectorSet;
  models?: Plugin[];
  knowledgeFiles?: KnowledgeFiles;
}

/**
 * Checks the options once, when the target is created (module load on the edge, where it is
 * pure CPU): a bad character fails the start with a CharacterError naming the field, never a
 * request later.
 */
export function defineAgent<Env>(options: AgentOptions<Env>): AgentDefinition<Env> {
  return {
    character:
      options.character === undefined
        ? undefined
        : parseCharacter(options.character, "the character option"),
    plugins: options.plugins ?? [],
    storage: options.storage,
    connectors: chosenConnectors(options.connectors),
    models: options.models,
    knowledgeFiles: options.knowledgeFiles,
  };
}

// Names become connectors now, so an unknown name fails the start too.
function chosenConnectors(given: ConnectorsOption | undefined): ConnectorSet | undefined {
  if (given === undefined || !isNameList(given)) return given;
  const { connectors, plugins } = connectorsNamed(given);
  return { connectors, plugins };
}

function isNameList(given: ConnectorsOption): given is readonly ConnectorName[] {
  return Array.isArray(given);
}

/** The storage given in code: the instance, or the factory applied to this env. */
export async function givenStorage<Env>(
  storage: StorageOption<Env>,
  env: Env,
  character: ParsedCharacter,
): Promise<StorageAdapter> {
  if (typeof storage !== "function") return storage;
  return storage(env, storageContext(character));
}

export function storageContext(character: ParsedCharacter): StorageContext {
  return { agentId: characterAgentId(character), character };
}

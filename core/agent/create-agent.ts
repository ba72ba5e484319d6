// Builds a ready runtime from a character, a storage backend and the target's env: the one
// place that decides which model providers are on. Every target calls this; none repeats it.

import {
  autonomyPlugin,
  bootstrapPlugin,
  createAnthropicPlugin,
  createElizaPlugin,
  createLocalEmbeddingPlugin,
  createOpenAIPlugin,
  ELIZA_PLUGIN_NAME,
  embeddingsOff,
  type KnowledgeFiles,
  memoryPlugin,
  scheduleKnowledgeIngest,
  tasksPlugin,
  warmElizaEngine,
} from "../features/index.ts";
import {
  type Character,
  hasSecrets,
  holdsEncrypted,
  jsonLogFormatOr,
  type Logger,
  loadSecretCipher,
  ModelType,
  type ParsedCharacter,
  parseCharacter,
  type StorageAdapter,
  setSharedJsonLogs,
} from "../kernel/index.ts";
import {
  canEmbed,
  dropEmbeddingModel,
  embedText,
  isMissingEmbeddingModel,
  missingDependencies,
  type Plugin,
} from "../runtime/index.ts";
import { AgentRuntime } from "./agent-runtime.ts";
import { characterPluginNotes } from "./character-plugins.ts";
import { assemblePlugins, type PluginNote } from "./plugin-list.ts";

export interface CreateAgentOptions {
  /**
   * The character as an elizaOS user writes it (only `name` required); validated here, so a
   * bad one fails the start with a CharacterError naming the field.
   */
  character: Character;
  storage: StorageAdapter;
  /** The target's environment: Node's, a Worker's env, Lambda's. */
  env?: Record<string, unknown>;
  /**
   * The deployment's plugins: the character's own (elizaOS plugins included) and the target's
   * (a Workers AI provider, say). One named like a built-in ("bootstrap") replaces it.
   */
  plugins?: Plugin[];
  /**
   * The model plugins, instead of those the env switches on (OPENAI_API_KEY, ...). The
   * offline ELIZA fallback stays last either way.
   */
  models?: Plugin[];
  logger?: Logger;
  now?: () => number;
  /**
   * The deployment is production: the edge targets (Cloudflare, Lambda, Vercel) set it; else
   * NODE_ENV=production in `env` says so. Only decides startup warnings (SECRET_SALT).
   */
  production?: boolean;
  /**
   * elizaOS's enableAutonomy: the agent takes autonomous steps on ticks (see README,
   * "Autonomy"). Default the ENABLE_AUTONOMY setting, else off.
   */
  enableAutonomy?: boolean;
  /**
   * No timer anywhere: the platform's cron calls runDueTasks() (README "Scheduling modes").
   * The Worker, Lambda and Vercel targets set it; the Node target runs a timer instead.
   */
  serverless?: boolean;
  /**
   * Log JSON lines when LOG_JSON_FORMAT is set nowhere. The Worker, Lambda and Vercel targets
   * set it (their platforms index JSON); a terminal keeps readable lines. Default false.
   */
  logJsonDefault?: boolean;
  /**
   * The text of the character's knowledge files, by the path its `knowledge` entries name:
   * a serverless deployment has no file system at run time, so it bundles them. With
   * `serverless`, a cold start reads one marker and leaves the embedding to the task ticks
   * (README "Knowledge"); the Node target ingests from disk at startup instead.
   */
  knowledgeFiles?: KnowledgeFiles;
}

/** Model plugins switched on by the env, highest priority first. */
export function modelPluginsFor(
  env: Record<string, unknown>,
  character: ParsedCharacter,
): Plugin[] {
  const read = (key: string) => {
    // elizaOS files also nest secrets under settings.secrets; the runtime reads them there too.
    const nested = character.settings.secrets as Record<string, unknown> | undefined;
    return character.secrets[key] ?? nested?.[key] ?? character.settings[key] ?? env[key];
  };
  const has = (key: string) => {
    const value = read(key);
    return typeof value === "string" ? value.length > 0 : value !== undefined && value !== null;
  };
  const plugins: Plugin[] = [];
  if (has("ANTHROPIC_API_KEY")) plugins.push(createAnthropicPlugin());
  if (has("OPENAI_API_KEY") || has("OPENAI_BASE_URL")) {
    plugins.push(
      createOpenAIPlugin({
        embeddings: !embeddingsOff(read("OPENAI_EMBEDDING_MODEL")),
        // Speech is OpenAI's; a compatible server (Ollama, vLLM) has it when a model is named.
        textToSpeech:
          !has("OPENAI_BASE_URL") || String(read("OPENAI_TTS_MODEL") ?? "").trim() !== "",
      }),
    );
  }
  if (has("LOCAL_EMBEDDING_URL")) plugins.push(createLocalEmbeddingPlugin());
  return plugins;
}

/**
 * An agent built but not started: what createAgent does that needs no I/O (the character
 * parsed, the plugins assembled, the runtime constructed). A Worker does this in its global
 * scope, where I/O is forbidden and CPU does not count against a request's limit, and starts
 * the agent in its first request.
 */
export interface PreparedAgent {
  readonly runtime: AgentRuntime;
  /**
   * The rest of createAgent, once: the startup notices, plugin tables, initialize (plugins
   * registered, the agent's row), the embedding width, the knowledge marker. A start that
   * failed leaves the runtime unusable: build another.
   */
  start(): Promise<AgentRuntime>;
}

export async function createAgent(options: CreateAgentOptions): Promise<AgentRuntime> {
  return (await prepareAgent(options)).start();
}

/** createAgent's part that does no I/O; `start()` does the rest. */
export async function prepareAgent(options: CreateAgentOptions): Promise<PreparedAgent> {
  const env = options.env ?? {};
  const character = parseCharacter(options.character);
  // Encrypted elizaOS settings are read in plain text from the runtime's first moment on.
  const settings = character.settings as Record<string, unknown>;
  if (holdsEncrypted(character.secrets, settings, env)) await loadSecretCipher();
  const models = options.models ?? modelPluginsFor(env, character);
  const { plugins, notes } = assemblePlugins(
    [bootstrapPlugin, tasksPlugin, memoryPlugin, autonomyPlugin, ...models],
    options.plugins ?? [],
    // Always last and lowest: the agent answers even with nothing configured.
    [createElizaPlugin()],
  );
  const runtime = new AgentRuntime({
    character,
    storage: options.storage,
    env,
    logger: options.logger,
    now: options.now,
    plugins,
    enableAutonomy: options.enableAutonomy,
    serverless: options.serverless,
    logJsonDefault: options.logJsonDefault,
  });
  // elizaOS plugins also log through the compat `logger` singleton: the deployment's format
  // is process-wide there, as LOG_JSON_FORMAT is in elizaOS. Only switched on, never off.
  if (jsonLogFormatOr(runtime.getSetting("LOG_JSON_FORMAT"), options.logJsonDefault)) {
    setSharedJsonLogs(true);
  }
  // The offline model answers when no other plugin has a text model: its script is compiled
  // now rather than by the first answer.
  const texts = (p: Plugin) => p.models?.[ModelType.TEXT_LARGE] ?? p.models?.[ModelType.TEXT_SMALL];
  if (!plugins.some((p) => p.name !== ELIZA_PLUGIN_NAME && texts(p))) warmElizaEngine();
  let started: Promise<AgentRuntime> | undefined;
  const start = async () => {
    // Logged here, not while preparing: a Worker's global scope belongs to no request, so its
    // log lines would reach no request's logs.
    const log = (note: PluginNote) => runtime.logger[note.level](note.message);
    notes.forEach(log);
    characterPluginNotes(character, plugins).forEach(log);
    for (const { plugin, dependency } of missingDependencies(plugins)) {
      runtime.logger.warn(
        `Plugin "${plugin}" depends on "${dependency}", which is not among the plugins passed; ` +
          `"${plugin}" is registered without it (elizaOS skips it too). Pass ${dependency} in plugins.`,
      );
    }
    warnDefaultSecretSalt(runtime, options.production === true || env.NODE_ENV === "production");
    // Before any plugin's init: elizaOS plugins may read their own tables there.
    await migratePluginSchemas(options.storage, plugins);
    await runtime.initialize({ skipMigrations: true });
    await pinEmbeddingDimension(runtime);
    if (options.serverless) await scheduleKnowledgeIngest(runtime, options.knowledgeFiles);
    if (runtime.getModelRegistration(ModelType.TEXT_LARGE)?.provider === "eliza-offline") {
      runtime.logger.info(
        "No model provider configured (OPENAI_API_KEY, OPENAI_BASE_URL or ANTHROPIC_API_KEY): " +
          "answering with the offline ELIZA fallback (Weizenbaum's 1966 DOCTOR script).",
      );
    }
    return runtime;
  };
  return { runtime, start: () => (started ??= start()) };
}

/**
 * The agents row holds the character's secrets encrypted under SECRET_SALT; under elizaOS's
 * public default salt that encryption protects nothing, which matters in production.
 */
function warnDefaultSecretSalt(runtime: AgentRuntime, production: boolean): void {
  if (!production || runtime.getSettingString("SECRET_SALT")) return;
  if (!hasSecrets(runtime.character)) return;
  runtime.logger.warn(
    "SECRET_SALT is not set: the character's secrets are stored encrypted under elizaOS's " +
      "public default salt. Set SECRET_SALT to a long random string (e.g. `openssl rand -hex 32`).",
  );
}

/**
 * Creates the tables plugins declare in `schema` (drizzle tables, elizaOS's plugin-sql
 * convention). A backend that cannot hold them (D1, DynamoDB, memory) refuses to start rather
 * than let the plugin fail on its first query.
 */
async function migratePluginSchemas(storage: StorageAdapter, plugins: Plugin[]): Promise<void> {
  const withSchema = plugins.filter((p) => p.schema && Object.keys(p.schema).length > 0);
  if (withSchema.length === 0) return;
  if (!storage.runPluginMigrations) {
    const names = withSchema.map((p) => `"${p.name}"`).join(", ");
    throw new Error(
      `Plugin ${names} declares database tables (schema), which the ${storage.kind} storage ` +
        "backend cannot create: plugin tables need a Postgres backend (PGlite, Postgres, Neon). " +
        "Use one, or remove the plugin.",
    );
  }
  await storage.runPluginMigrations(withSchema);
}

/**
 * Pins the storage's embedding width. A configured EMBEDDING_DIMENSION is trusted (pinned in
 * initialize, checked against every vector the model returns), so a cold start costs no model
 * call; without it, one probe embedding tells the width. A server without the embedding model
 * turns embeddings off (one warning) rather than failing the start.
 */
async function pinEmbeddingDimension(runtime: AgentRuntime): Promise<void> {
  if (runtime.getSettingString("EMBEDDING_DIMENSION")) return;
  let probe: number[] | undefined;
  while (!probe && canEmbed(runtime)) {
    try {
      probe = await embedText(runtime, "embedding dimension probe");
    } catch (error) {
      // A chat-only server (Ollama with just a chat model) still makes a working agent.
      if (!isMissingEmbeddingModel(error)) throw error;
      dropEmbeddingModel(runtime, error);
    }
  }
  if (!probe) return;
  await runtime.storage.ensureEmbeddingDimension(probe.length);
  runtime.logger.info(
    `Embedding width ${probe.length} found by a probe; set EMBEDDING_DIMENSION=${probe.length} to skip it`,
  );
}

// The agent runtime: one per character per isolate, shaped like elizaOS's IAgentRuntime. It
// owns the plugin registry (actions, providers, evaluators, models, services, events) and
// nothing request-scoped, so one instance serves concurrent requests without mixing their
// state: every per-message value (run id, state, responses) travels in arguments, never in
// fields. The database methods live in RuntimeDatabase (database.ts), which this extends.

import { type Character, characterAgentId } from "../character.ts";
import { describeError } from "../describe-error.ts";
import {
  DEFAULT_ROOM_MESSAGES_PER_MINUTE,
  DEFAULT_USER_MESSAGES_PER_MINUTE,
  MessageRateLimiter,
  perMinuteSetting,
} from "../limits/message-rate-limit.ts";
import { createMemoryRateLimitStore, type RateLimitStore } from "../limits/rate-limit-store.ts";
import { createConsoleLogger, type Logger, redactingLogger } from "../logger.ts";
import { createElizaMessageService, type ElizaMessageService } from "../messages/elizaos-message-service.ts";
import type { ModelHandler, ModelRegistration, ModelTypeName } from "../models/types.ts";
import type {
  Action,
  ActionResult,
  Evaluator,
  EventHandler,
  HandlerCallback,
  Plugin,
  Provider,
  Route,
  Service,
  ServiceClass,
  State,
} from "../plugin.ts";
import { createRedactor, type Redactor, secretValues } from "../redact.ts";
import type { StorageAdapter, StorageOp } from "../storage.ts";
import type { SendHandler, SendTarget, TaskWorker } from "../tasks/types.ts";
import type { Content, Entity, Memory, Room, UUID, World } from "../types.ts";
import { type ActionRunOptions, actionResultsKey, runActions, runEvaluators } from "./actions.ts";
import { composeState } from "./compose-state.ts";
import {
  batchInChunks,
  type ConnectionParams,
  connectionOps,
  ensureConnectionsOps,
} from "./connections.ts";
import { RuntimeDatabase } from "./database.ts";
import { type EventName, EventType } from "./events.ts";
import { embedMemory, queueEmbedding } from "./embedding.ts";
import { generateText } from "./generate-text.ts";
import type { GenerateTextOptions, GenerateTextResult } from "../models/params.ts";
import { ModelRegistry, type RegisteredModelHandler, embeddingProbe, modelUsedPayload, settleModelResult } from "./models.ts";
import { orderPlugins } from "./plugin-order.ts";
import { ServiceRegistry } from "./services.ts";
import {
  elizaSettingValue,
  type SettingCandidate,
  type SettingSource,
  type SettingValue,
  settingCandidates,
  writeSetting,
} from "./settings.ts";
import { StateCache } from "./state-cache.ts";
import { randomUuid } from "../uuid.ts";

export type { ActionRunOptions } from "./actions.ts";
export type { ConnectionParams } from "./connections.ts";
export type { SettingSource, SettingValue } from "./settings.ts";

export interface RuntimeOptions {
  character: Character;
  storage: StorageAdapter;
  plugins?: Plugin[];
  /** The environment the target passed in (Node's environment, a Worker's env, Lambda's env). */
  env?: Record<string, unknown>;
  /** Settings that sit between the character and the env. */
  settings?: Record<string, string | undefined>;
  agentId?: UUID;
  logger?: Logger;
  /** The clock; injected so tests and scheduled ticks agree on "now". */
  now?: () => number;
  /** Where message rate-limit counts live; default bounded memory in this process or isolate. */
  rateLimitStore?: RateLimitStore;
  /** elizaOS's `runtime.fetch`; default the platform's fetch. */
  fetch?: typeof fetch;
  /** elizaOS's constructor option; default the CONVERSATION_LENGTH setting, else 32. */
  conversationLength?: number;
}

/** elizaOS's TargetInfo: where sendMessageToTarget delivers. */
export interface TargetInfo {
  source: string;
  roomId?: UUID;
  channelId?: string;
  serverId?: string;
  entityId?: UUID;
  threadId?: string;
  [key: string]: unknown;
}

const CONNECTION_CACHE_LIMIT = 5000;
const DEFAULT_CONVERSATION_LENGTH = 32;

export class AgentRuntime extends RuntimeDatabase {
  readonly character: Character;
  readonly logger: Logger;
  readonly now: () => number;
  readonly actions: Action[] = [];
  readonly providers: Provider[] = [];
  readonly evaluators: Evaluator[] = [];
  readonly plugins: Plugin[] = [];
  /** HTTP routes the plugins declare, in registration order (elizaOS's `runtime.routes`). */
  readonly routes: Route[] = [];
  /** Handlers by event name (elizaOS's RuntimeEventStorage). */
  readonly events: Record<string, EventHandler[] | undefined> = {};
  /** States by message id, bounded (see state-cache.ts). */
  readonly stateCache = new StateCache();
  readonly fetch: typeof fetch;
  /** elizaOS's multi-agent host. Each eliza-edge runtime stands alone. */
  readonly elizaOS: undefined = undefined;
  /** elizaOS's message service shape over eliza-edge's pipeline (core/messages). */
  readonly messageService: ElizaMessageService;
  /** Resolves when initialize() has registered the plugins (before services start, as elizaOS). */
  readonly initPromise: Promise<void>;
  /** Per-user and per-room message limits, counted in this process or isolate by default. */
  readonly messageLimiter: MessageRateLimiter;
  /** Replaces secret values (tokens, keys, character secrets) in text bound for a log. */
  readonly redact: Redactor;
  private readonly env: Record<string, unknown>;
  private readonly runtimeSettings: Record<string, unknown>;
  private readonly modelRegistry = new ModelRegistry();
  private readonly serviceRegistry: ServiceRegistry;
  private readonly taskWorkers = new Map<string, TaskWorker>();
  private readonly sendHandlers = new Map<string, SendHandler>();
  private readonly pendingPlugins: Plugin[];
  /** Service classes registered before initialize finished; started once it has. */
  private pendingServices: ServiceClass[] | undefined = [];
  /** Connections known to exist, so a warm isolate skips re-ensuring them. */
  private readonly ensuredConnections = new Set<string>();
  private readonly conversationLength: number | undefined;
  private initialized: Promise<void> | undefined;
  private resolveInit!: () => void;
  private rejectInit!: (error: unknown) => void;
  private lastStamp = 0;
  /** elizaOS's "current run": see startRun. */
  private currentRunId: UUID | undefined;

  constructor(options: RuntimeOptions) {
    super(options.storage, options.agentId ?? characterAgentId(options.character));
    this.character = options.character;
    this.env = options.env ?? {};
    this.runtimeSettings = options.settings ?? {};
    this.now = options.now ?? Date.now;
    this.conversationLength = options.conversationLength;
    // Bound, because workerd's fetch refuses to run with `this` set to another object.
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const characterSettings = this.character.settings as Record<string, unknown>;
    this.redact = createRedactor(
      secretValues(
        [characterSettings, this.runtimeSettings, this.env],
        [this.character.secrets, characterSettings.secrets as Record<string, unknown> | undefined],
      ),
    );
    this.logger = redactingLogger(
      options.logger ??
        createConsoleLogger((this.getSettingString("LOG_LEVEL") as "info" | undefined) ?? "info"),
      this.redact,
    );
    this.serviceRegistry = new ServiceRegistry(this.logger);
    this.pendingPlugins = options.plugins ?? [];
    this.initPromise = new Promise<void>((resolve, reject) => {
      this.resolveInit = resolve;
      this.rejectInit = reject;
    });
    // initialize() reports a failure to its caller; nobody need also await initPromise.
    this.initPromise.catch(() => {});
    this.messageService = createElizaMessageService();
    this.messageLimiter = new MessageRateLimiter(
      options.rateLimitStore ?? createMemoryRateLimitStore(),
      {
        userPerMinute: perMinuteSetting(
          this.getSettingString("RATE_LIMIT_USER_PER_MINUTE"),
          DEFAULT_USER_MESSAGES_PER_MINUTE,
        ),
        roomPerMinute: perMinuteSetting(
          this.getSettingString("RATE_LIMIT_ROOM_PER_MINUTE"),
          DEFAULT_ROOM_MESSAGES_PER_MINUTE,
        ),
      },
    );
  }

  /**
   * Registers plugins, records the agent, then starts services. Safe to call more than once.
   * elizaOS's skipMigrations has no meaning here: backends create their tables at init.
   */
  initialize(_options?: { skipMigrations?: boolean }): Promise<void> {
    this.initialized ??= this.doInitialize().catch((error) => {
      this.rejectInit(error);
      throw error;
    });
    return this.initialized;
  }

  private async doInitialize(): Promise<void> {
    for (const plugin of orderPlugins(this.pendingPlugins)) await this.registerPlugin(plugin);
    const dimension = Number(this.getSettingString("EMBEDDING_DIMENSION"));
    if (Number.isInteger(dimension) && dimension > 0) {
      await this.storage.ensureEmbeddingDimension(dimension);
    }
    const existing = await this.storage.getAgent(this.agentId);
    if (!existing) {
      await this.storage.createAgent({
        id: this.agentId,
        name: this.character.name,
        enabled: true,
        createdAt: this.now(),
        updatedAt: this.now(),
        character: this.character as Record<string, unknown>,
      });
    }
    // As in elizaOS, services start once the runtime is initialized, so one may await it.
    this.resolveInit();
    const services = this.pendingServices ?? [];
    this.pendingServices = undefined;
    await Promise.all(services.map((definition) => this.startService(definition)));
  }

  async registerPlugin(plugin: Plugin): Promise<void> {
    if (this.plugins.some((p) => p.name === plugin.name)) return;
    this.plugins.push(plugin);
    if (plugin.init) {
      const config: Record<string, string> = {};
      for (const [key, fallback] of Object.entries(plugin.config ?? {})) {
        const value =
          this.getSettingString(key) ??
          (fallback === undefined || fallback === null ? undefined : String(fallback));
        if (value !== undefined) config[key] = value;
      }
      await plugin.init(config, this);
    }
    if (plugin.adapter) this.registerDatabaseAdapter(plugin.adapter);
    for (const action of plugin.actions ?? []) this.registerAction(action);
    for (const provider of plugin.providers ?? []) this.registerProvider(provider);
    for (const evaluator of plugin.evaluators ?? []) this.registerEvaluator(evaluator);
    for (const worker of plugin.taskWorkers ?? []) this.registerTaskWorker(worker);
    for (const [type, handler] of Object.entries(plugin.models ?? {})) {
      this.registerModel(type, handler as ModelHandler, plugin.name, plugin.priority);
    }
    for (const [event, handlers] of Object.entries(plugin.events ?? {})) {
      for (const handler of handlers) this.registerEvent(event, handler);
    }
    this.routes.push(...(plugin.routes ?? []));
    for (const definition of plugin.services ?? []) await this.registerService(definition);
  }

  registerAction(action: Action): void {
    if (this.actions.some((a) => a.name === action.name)) {
      this.logger.warn(`action ${action.name} registered twice; keeping the first`);
      return;
    }
    this.actions.push(action);
  }

  registerProvider(provider: Provider): void {
    this.providers.push(provider);
  }

  registerEvaluator(evaluator: Evaluator): void {
    this.evaluators.push(evaluator);
  }

  /**
   * eliza-edge's storage is chosen by the target (D1, Postgres, DynamoDB, memory), so another
   * adapter (plugin-sql's) is not used: as elizaOS does when one is already registered.
   */
  registerDatabaseAdapter(adapter: unknown): void {
    if (adapter === this.storage) return;
    this.logger.warn(
      `a database adapter was registered; ignored: storage is the target's ${this.storage.kind}`,
    );
  }

  // --- services -------------------------------------------------------------------------

  /** elizaOS's service registry, by type; instances in start order. */
  get services(): Map<string, Service[]> {
    return this.serviceRegistry.services;
  }

  /** Starts the service class (now, or once initialize has finished). */
  async registerService(definition: ServiceClass): Promise<void> {
    if (this.pendingServices) this.pendingServices.push(definition);
    else await this.startService(definition);
  }

  /** A service that fails to start is logged, as in elizaOS; the agent runs without it. */
  private async startService(definition: ServiceClass): Promise<void> {
    try {
      await this.serviceRegistry.start(this, definition);
    } catch (error) {
      this.logger.error(`service ${definition.serviceType} failed to start`, {
        error: describeError(error),
      });
    }
  }

  getService<T extends Service>(serviceType: string): T | null {
    return this.serviceRegistry.get<T>(serviceType);
  }

  getServicesByType<T extends Service>(serviceType: string): T[] {
    return this.serviceRegistry.getAll<T>(serviceType);
  }

  getAllServices(): Map<string, Service[]> {
    return this.serviceRegistry.services;
  }

  hasService(serviceType: string): boolean {
    return this.serviceRegistry.has(serviceType);
  }

  getRegisteredServiceTypes(): string[] {
    return [...this.serviceRegistry.services.keys()];
  }

  getServiceLoadPromise(serviceType: string): Promise<Service> {
    return this.serviceRegistry.loadPromise(serviceType);
  }

  hasElizaOS(): boolean {
    return false;
  }

  // --- tasks and delivery ---------------------------------------------------------------

  /** elizaOS's task worker registry: a due task runs the worker registered under its name. */
  registerTaskWorker(worker: TaskWorker): void {
    this.taskWorkers.set(worker.name, worker);
  }

  getTaskWorker(name: string): TaskWorker | undefined {
    return this.taskWorkers.get(name);
  }

  /** How to deliver to a platform (telegram, discord ...) when the agent speaks unprompted. */
  registerSendHandler(source: string, handler: SendHandler): void {
    this.sendHandlers.set(source, handler);
  }

  /**
   * Delivers through the source's send handler. A source without one (the API) is a no-op
   * that returns false, where elizaOS logs an error.
   */
  async sendMessageToTarget(target: TargetInfo | SendTarget, content: Content): Promise<boolean> {
    const handler = this.sendHandlers.get(target.source);
    if (!handler) return false;
    await handler(this, target as SendTarget, content);
    return true;
  }

  // --- settings -------------------------------------------------------------------------

  /**
   * elizaOS's getSetting: character.secrets → character.settings (and settings.secrets) →
   * runtime settings → the env the target passed in (an eliza-edge extension). "true" and
   * "false" come back as booleans, numbers as numbers, a missing key as null.
   */
  getSetting(key: string): SettingValue {
    return elizaSettingValue(this.getSettingCandidates(key)[0]);
  }

  /** The same lookup as a string, for code that needs one: undefined when unset. */
  getSettingString(key: string): string | undefined {
    return this.getSettingCandidates(key)[0]?.value;
  }

  /**
   * elizaOS's setSetting: into character.secrets when `secret`, else character.settings. A
   * secret set this way is not added to the log redactor, which is built at construction.
   */
  setSetting(key: string, value: string | boolean | number | null, secret = false): void {
    writeSetting(this.character, key, value, secret);
  }

  /**
   * A setting with the place it came from, so a value that must travel with a secret (the
   * base URL a token is sent to) can be checked to come from the same place as the secret.
   */
  getSettingWithSource(key: string): { value: string; source: SettingSource } | undefined {
    const found = this.getSettingCandidates(key)[0];
    return found && { value: found.value, source: found.source };
  }

  /** Every value a setting has, highest-ranked first, each with its source. */
  getSettingCandidates(key: string): SettingCandidate[] {
    return settingCandidates(
      { character: this.character, runtime: this.runtimeSettings, env: this.env },
      key,
    );
  }

  /** How many recent messages a prompt shows: the constructor option, CONVERSATION_LENGTH, or 32. */
  getConversationLength(): number {
    if (this.conversationLength !== undefined) return this.conversationLength;
    const setting = Number(this.getSettingString("CONVERSATION_LENGTH"));
    return Number.isInteger(setting) && setting > 0 ? setting : DEFAULT_CONVERSATION_LENGTH;
  }

  // --- models ---------------------------------------------------------------------------

  /** elizaOS's `runtime.models`: registrations by type, highest priority first. */
  get models(): Map<string, ModelRegistration[]> {
    return this.modelRegistry.byType;
  }

  registerModel(type: ModelTypeName, handler: ModelHandler, provider: string, priority = 0): void {
    this.modelRegistry.register(type, handler, provider, priority);
  }

  /** elizaOS's getModel: the winning handler function (with its provider on it), if any. */
  getModel(type: ModelTypeName): RegisteredModelHandler | undefined {
    return this.modelRegistry.registration(type)?.callable;
  }

  /** The winning registration: handler, provider and priority. */
  getModelRegistration(type: ModelTypeName, provider?: string): ModelRegistration | undefined {
    const entry = this.modelRegistry.registration(type, provider);
    return entry && { handler: entry.handler, provider: entry.provider, priority: entry.priority };
  }

  /**
   * Calls the highest-priority handler for the type, or the named provider's. TEXT_EMBEDDING
   * with null (elizaOS's width probe) answers a zero vector of EMBEDDING_DIMENSION when that is
   * set, without calling the model. Emits MODEL_USED when someone listens.
   */
  async useModel<R = string>(type: ModelTypeName, params: unknown, provider?: string): Promise<R> {
    const model = this.modelRegistry.registration(type, provider);
    if (!model) throw new Error(`No model registered for ${type}`);
    const probe = embeddingProbe(type, params, Number(this.getSettingString("EMBEDDING_DIMENSION")));
    if (probe) return probe as R;
    const result = (await settleModelResult(await model.handler(this, params), params)) as R;
    if (this.events[EventType.MODEL_USED]?.length) {
      await this.emitEvent(EventType.MODEL_USED, {
        ...modelUsedPayload(type, model.provider, params),
      });
    }
    return result;
  }

  /** elizaOS's generateText: the prompt, by default wrapped in the character, to TEXT_LARGE. */
  generateText(input: string, options?: GenerateTextOptions): Promise<GenerateTextResult> {
    return generateText(this, input, options);
  }

  /** Pins the embedding width: the given one, else EMBEDDING_DIMENSION, else the model's. */
  override async ensureEmbeddingDimension(dimension?: number): Promise<void> {
    let width = dimension ?? Number(this.getSettingString("EMBEDDING_DIMENSION"));
    if (!(width > 0)) width = (await this.useModel<number[]>("TEXT_EMBEDDING", null))?.length;
    if (!(width > 0)) throw new Error("Invalid embedding dimension");
    await this.storage.ensureEmbeddingDimension(width);
  }

  addEmbeddingToMemory(memory: Memory): Promise<Memory> {
    return embedMemory(this, memory);
  }

  queueEmbeddingGeneration(memory: Memory, priority?: "high" | "normal" | "low"): Promise<void> {
    return queueEmbedding(this, memory, priority);
  }

  // --- events ---------------------------------------------------------------------------

  registerEvent(event: EventName, handler: EventHandler): void {
    const list = this.events[event] ?? [];
    list.push(handler);
    this.events[event] = list;
  }

  getEvent(event: EventName): EventHandler[] | undefined {
    return this.events[event];
  }

  /**
   * Runs every handler of each event with `{...params, runtime, source}`; one failing handler
   * is logged and does not stop the others (elizaOS lets it reject the emit).
   */
  async emitEvent(event: EventName | EventName[], params: Record<string, unknown> = {}): Promise<void> {
    for (const name of Array.isArray(event) ? event : [event]) {
      const handlers = this.events[name];
      if (!handlers?.length) continue;
      const payload = { ...params, runtime: this, source: (params.source as string) || "runtime" };
      await Promise.all(
        handlers.map(async (handler) => {
          try {
            await handler(payload);
          } catch (error) {
            this.logger.error(`event handler for ${name} failed`, { error: describeError(error) });
          }
        }),
      );
    }
  }

  // --- state, actions, evaluators -------------------------------------------------------

  /** elizaOS's composeState (see compose-state.ts); the result is cached by message id. */
  composeState(
    message: Memory,
    includeList: string[] | null = null,
    onlyInclude = false,
    skipCache = false,
  ): Promise<State> {
    return composeState(this, message, includeList, onlyInclude, skipCache);
  }

  /** elizaOS's processActions; the results are read with getActionResults(message.id). */
  async processActions(
    message: Memory,
    responses: Memory[],
    state?: State,
    callback?: HandlerCallback,
    options?: ActionRunOptions,
  ): Promise<void> {
    await runActions(this, message, responses, state, callback, options);
  }

  /** processActions returning the results (eliza-edge's message service uses this). */
  runActions(
    message: Memory,
    responses: Memory[],
    state: State | undefined,
    callback: HandlerCallback | undefined,
    options?: ActionRunOptions,
  ): Promise<ActionResult[]> {
    return runActions(this, message, responses, state, callback, options);
  }

  getActionResults(messageId: UUID): ActionResult[] {
    return (this.stateCache.get(actionResultsKey(messageId))?.data.actionResults ??
      []) as ActionResult[];
  }

  evaluate(
    message: Memory,
    state?: State,
    didRespond = false,
    callback?: HandlerCallback,
    responses: Memory[] = [],
  ): Promise<Evaluator[] | null> {
    return runEvaluators(this, message, state, didRespond, callback, responses);
  }

  // --- connections ----------------------------------------------------------------------

  /** The world, room, entity and participant rows a conversation needs, insert-if-absent. */
  connectionOps(params: ConnectionParams): StorageOp[] {
    return connectionOps(this, params);
  }

  /**
   * Makes sure the conversation's rows exist, in one atomic batch together with `extraOps`
   * (the message service passes the incoming message, saving a round trip). A warm isolate
   * that ensured the same connection before sends only `extraOps`. Takes eliza-edge's fields
   * and elizaOS's ensureConnection object alike.
   */
  async ensureConnection(params: ConnectionParams, extraOps: StorageOp[] = []): Promise<void> {
    const key = `${params.roomId}|${params.entityId}`;
    const known = this.ensuredConnections.has(key);
    const ops = known ? extraOps : [...this.connectionOps(params), ...extraOps];
    if (ops.length) await this.storage.batch(ops);
    if (!known) {
      if (this.ensuredConnections.size >= CONNECTION_CACHE_LIMIT) this.ensuredConnections.clear();
      this.ensuredConnections.add(key);
    }
  }

  ensureConnections(entities: Entity[], rooms: Room[], source: string, world: World): Promise<void> {
    return ensureConnectionsOps(this, entities, rooms, source, world);
  }

  ensureWorldExists(world: World): Promise<void> {
    return batchInChunks(this, [
      { op: "ensureWorld", world: { ...world, agentId: world.agentId ?? this.agentId } },
    ]);
  }

  ensureRoomExists(room: Room): Promise<void> {
    return batchInChunks(this, [
      { op: "ensureRoom", room: { ...room, agentId: room.agentId ?? this.agentId } },
    ]);
  }

  ensureParticipantInRoom(entityId: UUID, roomId: UUID): Promise<void> {
    return batchInChunks(this, [{ op: "ensureParticipant", entityId, roomId }]);
  }

  /** Forgets which connections exist; call after storage was reset underneath the runtime. */
  forgetConnections(): void {
    this.ensuredConnections.clear();
  }

  // --- runs -----------------------------------------------------------------------------

  /**
   * A creation time for a memory: the clock, but strictly increasing within this isolate, so
   * messages created in the same millisecond keep their order and time-based paging never
   * skips one.
   */
  stamp(): number {
    this.lastStamp = Math.max(this.now(), this.lastStamp + 1);
    return this.lastStamp;
  }

  createRunId(): UUID {
    return randomUuid();
  }

  /** The same as createRunId (eliza-edge's earlier name). */
  newRunId(): UUID {
    return randomUuid();
  }

  /**
   * elizaOS keeps "the current run" in a field. One runtime serves concurrent messages here,
   * so that field is shared by all of them: a plugin may use it for log grouping, nothing
   * more. eliza-edge's message service passes its run id in arguments instead.
   */
  startRun(_roomId?: UUID): UUID {
    this.currentRunId = randomUuid();
    return this.currentRunId;
  }

  endRun(): void {
    this.currentRunId = undefined;
  }

  getCurrentRunId(): UUID {
    this.currentRunId ??= randomUuid();
    return this.currentRunId;
  }

  async stop(): Promise<void> {
    await this.serviceRegistry.stopAll();
  }
}

// The agent runtime: one per character per isolate, shaped like elizaOS's IAgentRuntime. It
// owns the plugin registry (actions, providers, evaluators, models, services, events) and
// nothing request-scoped, so one instance serves concurrent requests without mixing their
// state: every per-message value (run id, state, responses) travels in arguments, never in
// fields. It stacks on RuntimeSignals (runtime-signals.ts: on/off/emit, sendControlMessage),
// on RuntimeBase (runtime-base.ts: settings, models, events, connections, run ids), and on
// RuntimeDatabase (database.ts: the IDatabaseAdapter methods).

import { autonomyEnabledSetting } from "../features/autonomy/settings.ts";
import { describeError } from "../kernel/errors/describe-error.ts";
import type { GenerateTextOptions, GenerateTextResult } from "../kernel/models/params.ts";
import type { ModelHandler } from "../kernel/models/types.ts";
import { hasPlainSecrets } from "../kernel/secrets/stored-character.ts";
import type { Content, Memory, Task, UUID } from "../kernel/types/domain.ts";
import {
  createElizaMessageService,
  type ElizaMessageService,
} from "../pipeline/messages/elizaos-message-service.ts";
import { TASK_SERVICE_TYPE, TaskService } from "../pipeline/tasks/task-service.ts";
import {
  type ActionRunOptions,
  actionResultsKey,
  runActions,
  runEvaluators,
} from "./actions/run-actions.ts";
import type { RuntimeOptions } from "./base/runtime-base.ts";
import { PromptBatcher } from "./batcher/batcher.ts";
import { batcherDrainWorker } from "./batcher/drain-task.ts";
import { resolvePromptBatcherSettings } from "./batcher/settings.ts";
import type {
  Action,
  ActionResult,
  Evaluator,
  HandlerCallback,
  Plugin,
  Provider,
  Route,
  Service,
  ServiceClass,
  State,
} from "./contract/components.ts";
import { embedMemory, queueEmbedding } from "./embedding/embed-memory.ts";
import {
  DEFAULT_ROOM_MESSAGES_PER_MINUTE,
  DEFAULT_USER_MESSAGES_PER_MINUTE,
  MessageRateLimiter,
  perMinuteSetting,
} from "./limits/message-rate-limit.ts";
import { createMemoryRateLimitStore } from "./limits/rate-limit-store.ts";
import { generateText } from "./models/generate-text.ts";
import { orderPlugins } from "./plugins/plugin-order.ts";
import { RuntimeSignals } from "./runtime-signals.ts";
import { ServiceRegistry } from "./services/registry.ts";
import { composeState } from "./state/compose-state.ts";
import { StateCache } from "./state/state-cache.ts";
import { createTask, updateTask } from "./tasks/task-rows.ts";
import type { SendHandler, SendTarget, TaskWorker } from "./tasks/types.ts";

export type { SettingSource, SettingValue } from "../kernel/settings/precedence.ts";
export type { ActionRunOptions } from "./actions/run-actions.ts";
export type { ConnectionParams } from "./base/connections.ts";
export type { RuntimeOptions } from "./base/runtime-base.ts";

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

export class AgentRuntime extends RuntimeSignals {
  readonly actions: Action[] = [];
  readonly providers: Provider[] = [];
  readonly evaluators: Evaluator[] = [];
  readonly plugins: Plugin[] = [];
  /** HTTP routes the plugins declare, in registration order (elizaOS's `runtime.routes`). */
  readonly routes: Route[] = [];
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
  /** elizaOS's prompt batcher: small structured questions packed into shared model calls. */
  readonly promptBatcher: PromptBatcher;
  /**
   * elizaOS's flag: the agent takes autonomous steps on ticks (core/autonomy). From the
   * enableAutonomy option, else the ENABLE_AUTONOMY setting; off by default.
   */
  enableAutonomy: boolean;
  private readonly serviceRegistry: ServiceRegistry;
  private readonly taskWorkers = new Map<string, TaskWorker>();
  private readonly sendHandlers = new Map<string, SendHandler>();
  private readonly pendingPlugins: Plugin[];
  /** Service classes registered before initialize finished; started once it has. */
  private pendingServices: ServiceClass[] | undefined = [];
  private initialized: Promise<void> | undefined;
  private resolveInit!: () => void;
  private rejectInit!: (error: unknown) => void;

  constructor(options: RuntimeOptions) {
    super(options);
    // Bound, because workerd's fetch refuses to run with `this` set to another object.
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.serviceRegistry = new ServiceRegistry(this.logger);
    // getService("task") answers from the start, as with elizaOS's bootstrap plugin loaded.
    this.serviceRegistry.provide(TASK_SERVICE_TYPE, new TaskService(this));
    this.pendingPlugins = options.plugins ?? [];
    this.initPromise = new Promise<void>((resolve, reject) => {
      this.resolveInit = resolve;
      this.rejectInit = reject;
    });
    // initialize() reports a failure to its caller; nobody need also await initPromise.
    this.initPromise.catch(() => {});
    this.messageService = createElizaMessageService();
    this.promptBatcher = new PromptBatcher(
      this,
      resolvePromptBatcherSettings((key) => this.getSettingString(key)),
    );
    this.registerTaskWorker(batcherDrainWorker);
    this.enableAutonomy = options.enableAutonomy ?? autonomyEnabledSetting(this);
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
      // Through the runtime's createAgent, which seals the character's secrets for the row.
      await this.createAgent({
        id: this.agentId,
        name: this.character.name,
        enabled: true,
        createdAt: this.now(),
        updatedAt: this.now(),
        character: this.character as Record<string, unknown>,
      });
    } else if (hasPlainSecrets(existing.character)) {
      // A row an older version wrote with plain-text secrets: seal them where they lie.
      await this.updateAgent(this.agentId, { character: existing.character });
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

  /** elizaOS's createTask: due when its tags and metadata say (core/runtime/tasks/due-time.ts). */
  override createTask(task: Omit<Task, "tags"> & { tags?: string[] }): Promise<UUID> {
    return createTask(this, { ...task, tags: task.tags ?? [] });
  }

  /** elizaOS's updateTask: a pause, resume or new schedule in the patch moves the due time. */
  override updateTask(id: UUID, task: Partial<Task>): Promise<void> {
    return updateTask(this, id, task);
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

  /** elizaOS's evaluate; eliza-edge's message service also names the run (`options.runId`). */
  evaluate(
    message: Memory,
    state?: State,
    didRespond = false,
    callback?: HandlerCallback,
    responses: Memory[] = [],
    options: { runId?: UUID } = {},
  ): Promise<Evaluator[] | null> {
    return runEvaluators(this, message, state, didRespond, callback, responses, options);
  }

  async stop(): Promise<void> {
    this.promptBatcher.dispose();
    await this.serviceRegistry.stopAll();
  }
}

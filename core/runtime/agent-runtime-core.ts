// The agent runtime: one per character per isolate, shaped like elizaOS's AgentRuntime. It
// owns the plugin registry (actions, providers, evaluators, services, task workers, routes),
// state composition, actions and evaluators, and nothing request-scoped, so one instance
// serves concurrent requests without mixing their state: every per-message value (run id,
// state, responses) travels in arguments, never in fields. It stacks on RuntimeModels
// (runtime-models.ts), RuntimeEvents (runtime-events.ts) and RuntimeBase (base/: settings,
// connections, runs, the database methods).
//
// Abstract: the message pipeline sits above the runtime, so the runtime declares what it
// needs of it (messageService, and the "task" service elizaOS has from the start) and the
// agent layer's AgentRuntime (core/agent/agent-runtime.ts) provides them.

import {
  type Content,
  describeError,
  type GenerateTextOptions,
  type GenerateTextResult,
  hasPlainSecrets,
  type Memory,
  type Task,
  type UUID,
} from "../kernel/index.ts";
import { actionResultsKey, runActions, runEvaluators } from "./actions/index.ts";
import type { RuntimeBaseOptions } from "./base/index.ts";
import {
  batcherDrainWorker,
  PromptBatcher,
  resolvePromptBatcherSettings,
} from "./batcher/index.ts";
import type {
  Action,
  ActionResult,
  ActionRunOptions,
  ElizaMessageService,
  Evaluator,
  HandlerCallback,
  IAgentRuntime,
  ModelHandler,
  Plugin,
  Provider,
  Route,
  SendHandler,
  SendTarget,
  Service,
  ServiceClass,
  State,
  TargetInfo,
  TaskWorker,
} from "./contract/index.ts";
import { embedMemory, queueEmbedding } from "./embedding/index.ts";
import {
  createMemoryRateLimitStore,
  DEFAULT_ROOM_MESSAGES_PER_MINUTE,
  DEFAULT_USER_MESSAGES_PER_MINUTE,
  MessageRateLimiter,
  perMinuteSetting,
} from "./limits/index.ts";
import { generateText } from "./models/index.ts";
import { orderPlugins } from "./plugins/index.ts";
import { asRuntime } from "./runtime-events.ts";
import { RuntimeModels } from "./runtime-models.ts";
import { ServiceRegistry } from "./services/index.ts";
import { composeState, StateCache } from "./state/index.ts";
import { createTask, updateTask } from "./tasks/index.ts";

export interface RuntimeOptions extends RuntimeBaseOptions {
  plugins?: Plugin[];
}

/** Services built from the runtime that answer getService(type) from the start. */
export type ProvidedServices = Record<string, (runtime: IAgentRuntime) => Service>;

/**
 * The runtime's own state, kept off the instance: a class with private members is nominal in
 * TypeScript, and IAgentRuntime (what every component receives) must stay assignable to
 * AgentRuntime, so code typed with either accepts the other.
 */
interface CoreInternals {
  readonly services: ServiceRegistry;
  readonly taskWorkers: Map<string, TaskWorker>;
  readonly sendHandlers: Map<string, SendHandler>;
  readonly pendingPlugins: Plugin[];
  /** Service classes registered before initialize finished; started once it has. */
  pendingServices: ServiceClass[] | undefined;
  initialized: Promise<void> | undefined;
  resolveInit: () => void;
  rejectInit: (error: unknown) => void;
}

const internals = new WeakMap<AgentRuntimeCore, CoreInternals>();

function inside(runtime: AgentRuntimeCore): CoreInternals {
  const own = internals.get(runtime);
  if (!own) throw new Error("AgentRuntime used before its constructor finished");
  return own;
}

export abstract class AgentRuntimeCore extends RuntimeModels implements IAgentRuntime {
  readonly actions: Action[] = [];
  readonly providers: Provider[] = [];
  readonly evaluators: Evaluator[] = [];
  readonly plugins: Plugin[] = [];
  /** HTTP routes the plugins declare, in registration order (elizaOS's `runtime.routes`). */
  readonly routes: Route[] = [];
  /** States by message id, bounded (see state-cache.ts). */
  readonly stateCache: Map<string, State> = new StateCache();
  readonly fetch: typeof fetch;
  /** elizaOS's multi-agent host. Each eliza-edge runtime stands alone. */
  readonly elizaOS: undefined = undefined;
  /** elizaOS's message service: the pipeline's turn (core/pipeline/messages), provided above. */
  abstract readonly messageService: ElizaMessageService;
  /** Resolves when initialize() has registered the plugins (before services start, as elizaOS). */
  readonly initPromise: Promise<void>;
  /** Per-user and per-room message limits, counted in this process or isolate by default. */
  readonly messageLimiter: MessageRateLimiter;
  /** elizaOS's prompt batcher: small structured questions packed into shared model calls. */
  readonly promptBatcher: PromptBatcher<IAgentRuntime>;
  /**
   * elizaOS's flag: the agent takes autonomous steps on ticks (core/autonomy). From the
   * enableAutonomy option, else the ENABLE_AUTONOMY setting; off by default.
   */
  enableAutonomy: boolean;

  /**
   * `provided`: services that answer getService(type) from the start, built from this
   * runtime (the agent layer provides elizaOS's "task" service this way).
   */
  constructor(options: RuntimeOptions, provided: ProvidedServices = {}) {
    super(options);
    // Bound, because workerd's fetch refuses to run with `this` set to another object.
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const own: CoreInternals = {
      services: new ServiceRegistry(this.logger),
      taskWorkers: new Map(),
      sendHandlers: new Map(),
      pendingPlugins: options.plugins ?? [],
      pendingServices: [],
      initialized: undefined,
      resolveInit: () => {},
      rejectInit: () => {},
    };
    internals.set(this, own);
    this.initPromise = new Promise<void>((resolve, reject) => {
      own.resolveInit = resolve;
      own.rejectInit = reject;
    });
    for (const [type, build] of Object.entries(provided)) {
      own.services.provide(type, build(asRuntime(this)));
    }
    // initialize() reports a failure to its caller; nobody need also await initPromise.
    this.initPromise.catch(() => {});
    this.promptBatcher = new PromptBatcher<IAgentRuntime>(
      asRuntime(this),
      resolvePromptBatcherSettings((key) => this.getSettingString(key)),
    );
    this.registerTaskWorker(batcherDrainWorker);
    this.enableAutonomy =
      options.enableAutonomy ??
      /^(true|1|yes|on)$/i.test(this.getSettingString("ENABLE_AUTONOMY")?.trim() ?? "");
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
    const own = inside(this);
    own.initialized ??= initializeOnce(this, own).catch((error) => {
      own.rejectInit(error);
      throw error;
    });
    return own.initialized;
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
    return inside(this).services.services;
  }

  /** Starts the service class (now, or once initialize has finished). */
  async registerService(definition: ServiceClass): Promise<void> {
    const own = inside(this);
    if (own.pendingServices) own.pendingServices.push(definition);
    else await startService(this, own, definition);
  }

  getService<T extends Service>(serviceType: string): T | null {
    return inside(this).services.get<T>(serviceType);
  }

  getServicesByType<T extends Service>(serviceType: string): T[] {
    return inside(this).services.getAll<T>(serviceType);
  }

  getAllServices(): Map<string, Service[]> {
    return inside(this).services.services;
  }

  hasService(serviceType: string): boolean {
    return inside(this).services.has(serviceType);
  }

  getRegisteredServiceTypes(): string[] {
    return [...inside(this).services.services.keys()];
  }

  getServiceLoadPromise(serviceType: string): Promise<Service> {
    return inside(this).services.loadPromise(serviceType);
  }

  hasElizaOS(): boolean {
    return false;
  }

  // --- tasks and delivery ---------------------------------------------------------------

  /** elizaOS's task worker registry: a due task runs the worker registered under its name. */
  registerTaskWorker(worker: TaskWorker): void {
    inside(this).taskWorkers.set(worker.name, worker);
  }

  getTaskWorker(name: string): TaskWorker | undefined {
    return inside(this).taskWorkers.get(name);
  }

  /** elizaOS's createTask: due when its tags and metadata say (core/runtime/tasks/due-time.ts). */
  override createTask(task: Omit<Task, "tags"> & { tags?: string[] }): Promise<UUID> {
    return createTask(asRuntime(this), { ...task, tags: task.tags ?? [] });
  }

  /** elizaOS's updateTask: a pause, resume or new schedule in the patch moves the due time. */
  override updateTask(id: UUID, task: Partial<Task>): Promise<void> {
    return updateTask(asRuntime(this), id, task);
  }

  /** How to deliver to a platform (telegram, discord ...) when the agent speaks unprompted. */
  registerSendHandler(source: string, handler: SendHandler): void {
    inside(this).sendHandlers.set(source, handler);
  }

  /**
   * Delivers through the source's send handler. A source without one (the API) is a no-op
   * that returns false, where elizaOS logs an error.
   */
  async sendMessageToTarget(target: TargetInfo | SendTarget, content: Content): Promise<boolean> {
    const handler = inside(this).sendHandlers.get(target.source);
    if (!handler) return false;
    await handler(asRuntime(this), target as SendTarget, content);
    return true;
  }

  /** elizaOS's generateText: the prompt, by default wrapped in the character, to TEXT_LARGE. */
  generateText(input: string, options?: GenerateTextOptions): Promise<GenerateTextResult> {
    return generateText(asRuntime(this), input, options);
  }

  /** Pins the embedding width: the given one, else EMBEDDING_DIMENSION, else the model's. */
  override async ensureEmbeddingDimension(dimension?: number): Promise<void> {
    let width = dimension ?? Number(this.getSettingString("EMBEDDING_DIMENSION"));
    if (!(width > 0)) width = (await this.useModel<number[]>("TEXT_EMBEDDING", null))?.length;
    if (!(width > 0)) throw new Error("Invalid embedding dimension");
    await this.storage.ensureEmbeddingDimension(width);
  }

  addEmbeddingToMemory(memory: Memory): Promise<Memory> {
    return embedMemory(asRuntime(this), memory);
  }

  queueEmbeddingGeneration(memory: Memory, priority?: "high" | "normal" | "low"): Promise<void> {
    return queueEmbedding(asRuntime(this), memory, priority);
  }

  // --- state, actions, evaluators -------------------------------------------------------

  /** elizaOS's composeState (see compose-state.ts); the result is cached by message id. */
  composeState(
    message: Memory,
    includeList: string[] | null = null,
    onlyInclude = false,
    skipCache = false,
  ): Promise<State> {
    return composeState(asRuntime(this), message, includeList, onlyInclude, skipCache);
  }

  /** elizaOS's processActions; the results are read with getActionResults(message.id). */
  async processActions(
    message: Memory,
    responses: Memory[],
    state?: State,
    callback?: HandlerCallback,
    options?: ActionRunOptions,
  ): Promise<void> {
    await runActions(asRuntime(this), message, responses, state, callback, options);
  }

  /** processActions returning the results (eliza-edge's message service uses this). */
  runActions(
    message: Memory,
    responses: Memory[],
    state: State | undefined,
    callback: HandlerCallback | undefined,
    options?: ActionRunOptions,
  ): Promise<ActionResult[]> {
    return runActions(asRuntime(this), message, responses, state, callback, options);
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
    return runEvaluators(asRuntime(this), message, state, didRespond, callback, responses, options);
  }

  async stop(): Promise<void> {
    this.promptBatcher.dispose();
    await inside(this).services.stopAll();
  }
}

/**
 * Registers the plugins, records the agent, then starts services (once initialize resolved
 * them, as elizaOS does, so a service may await it).
 */
async function initializeOnce(runtime: AgentRuntimeCore, own: CoreInternals): Promise<void> {
  for (const plugin of orderPlugins(own.pendingPlugins)) await runtime.registerPlugin(plugin);
  const dimension = Number(runtime.getSettingString("EMBEDDING_DIMENSION"));
  if (Number.isInteger(dimension) && dimension > 0) {
    await runtime.storage.ensureEmbeddingDimension(dimension);
  }
  const existing = await runtime.storage.getAgent(runtime.agentId);
  if (!existing) {
    // Through the runtime's createAgent, which seals the character's secrets for the row.
    await runtime.createAgent({
      id: runtime.agentId,
      name: runtime.character.name,
      enabled: true,
      createdAt: runtime.now(),
      updatedAt: runtime.now(),
      character: runtime.character as Record<string, unknown>,
    });
  } else if (hasPlainSecrets(existing.character)) {
    // A row an older version wrote with plain-text secrets: seal them where they lie.
    await runtime.updateAgent(runtime.agentId, { character: existing.character });
  }
  // As in elizaOS, services start once the runtime is initialized, so one may await it.
  own.resolveInit();
  const services = own.pendingServices ?? [];
  own.pendingServices = undefined;
  await Promise.all(services.map((definition) => startService(runtime, own, definition)));
}

/** A service that fails to start is logged, as in elizaOS; the agent runs without it. */
async function startService(
  runtime: AgentRuntimeCore,
  own: CoreInternals,
  definition: ServiceClass,
): Promise<void> {
  try {
    await own.services.start(asRuntime(runtime), definition);
  } catch (error) {
    runtime.logger.error(`service ${definition.serviceType} failed to start`, {
      error: describeError(error),
    });
  }
}

// The component registry: plugins and what they contribute (actions, providers, evaluators,
// models, events, routes, task workers, send handlers) and elizaOS's service registry, with
// initialize() registering a runtime's plugins and starting its services. It stacks on
// RuntimeModels (runtime-models.ts); AgentRuntimeCore (agent-runtime-core.ts) adds state,
// actions, evaluators and the rest on top.
import { type Content, describeError } from "../kernel/index.ts";
import { agentStartOps, pluginInitFatal } from "./agent-start.ts";
import { isFreshAgentRow, type RuntimeBaseOptions } from "./base/index.ts";
import type {
  Action,
  Evaluator,
  IAgentRuntime,
  ModelHandler,
  Plugin,
  Provider,
  Route,
  SendHandler,
  SendTarget,
  Service,
  ServiceClass,
  ServiceHealth,
  ServiceRegistrationStatus,
  TargetInfo,
  TaskWorker,
} from "./contract/index.ts";
import { orderPlugins } from "./plugins/index.ts";
import { asRuntime } from "./runtime-events.ts";
import { RuntimeModels } from "./runtime-models.ts";
import { ServiceRegistry } from "./services/index.ts";

export interface RuntimeOptions extends RuntimeBaseOptions {
  plugins?: Plugin[];
}

/** Services built from the runtime that answer getService(type) from the start. */
export type ProvidedServices = Record<string, (runtime: IAgentRuntime) => Service>;

/**
 * The registry's own state, kept off the instance: a class with private members is nominal in
 * TypeScript, and IAgentRuntime (what every component receives) must stay assignable to
 * AgentRuntime, so code typed with either accepts the other.
 */
interface RegistryInternals {
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

const internals = new WeakMap<RuntimeRegistry, RegistryInternals>();

function inside(runtime: RuntimeRegistry): RegistryInternals {
  const own = internals.get(runtime);
  if (!own) throw new Error("AgentRuntime used before its constructor finished");
  return own;
}

export abstract class RuntimeRegistry extends RuntimeModels {
  readonly actions: Action[] = [];
  readonly providers: Provider[] = [];
  readonly evaluators: Evaluator[] = [];
  readonly plugins: Plugin[] = [];
  /** HTTP routes the plugins declare, in registration order (elizaOS's `runtime.routes`). */
  readonly routes: Route[] = [];
  /** Resolves when initialize() has registered the plugins (before services start, as elizaOS). */
  readonly initPromise: Promise<void>;

  /**
   * `provided`: services that answer getService(type) from the start, built from this
   * runtime (the agent layer provides elizaOS's "task" service this way).
   */
  constructor(options: RuntimeOptions, provided: ProvidedServices = {}) {
    super(options);
    const own: RegistryInternals = {
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
    // initialize() reports a failure to its caller; nobody need also await initPromise.
    this.initPromise.catch(() => {});
    for (const [type, build] of Object.entries(provided)) {
      own.services.provide(type, build(asRuntime(this)));
    }
  }

  /**
   * Registers plugins, records the agent (its row, entity, world and SELF room), runs plugin
   * migrations unless `skipMigrations`, then starts services. Safe to call more than once.
   */
  initialize(options?: { skipMigrations?: boolean }): Promise<void> {
    const own = inside(this);
    own.initialized ??= initializeOnce(this, own, options).catch((error) => {
      own.rejectInit(error);
      throw error;
    });
    return own.initialized;
  }

  /** A plugin whose init throws is not kept: none of its components are registered. */
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
      try {
        await plugin.init(config, asRuntime(this));
      } catch (error) {
        this.plugins.splice(this.plugins.indexOf(plugin), 1);
        throw error;
      }
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

  /** elizaOS's runPluginMigrations: the tables of the plugins that declare a schema. */
  override async runPluginMigrations(plugins: Plugin[] = this.plugins): Promise<void> {
    const withSchema = plugins.filter((p) => p.schema && Object.keys(p.schema).length > 0);
    if (withSchema.length > 0) await super.runPluginMigrations(withSchema);
  }

  // --- services -------------------------------------------------------------------------

  /** elizaOS's service registry, by type; instances in start order. */
  get services(): Map<string, Service[]> {
    return inside(this).services.services;
  }

  /** Starts the service class (now, or once initialize has finished). */
  async registerService(definition: ServiceClass): Promise<void> {
    const own = inside(this);
    if (own.pendingServices) {
      own.pendingServices.push(definition);
      if (definition.serviceType) own.services.status.set(definition.serviceType, "pending");
    } else await startService(this, own, definition);
  }

  getService<T extends Service>(serviceType: string): T | null {
    return inside(this).services.get<T>(serviceType);
  }

  /** elizaOS's typed getService. */
  getTypedService<T extends Service>(serviceType: string): T | null {
    return this.getService<T>(serviceType);
  }

  /** elizaOS's: pending (before initialize), registering, registered, failed, or unknown. */
  getServiceRegistrationStatus(serviceType: string): ServiceRegistrationStatus {
    return inside(this).services.status.get(serviceType) ?? "unknown";
  }

  /** elizaOS's getServiceHealth, by service type. */
  getServiceHealth(): ServiceHealth {
    return inside(this).services.health();
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

  /** Stops every started service. */
  async stop(): Promise<void> {
    await inside(this).services.stopAll();
  }
}

/**
 * Registers the plugins, records the agent, then starts services (once initialize resolved
 * them, as elizaOS does, so a service may await it).
 */
async function initializeOnce(
  runtime: RuntimeRegistry,
  own: RegistryInternals,
  options: { skipMigrations?: boolean } = {},
): Promise<void> {
  for (const plugin of orderPlugins(own.pendingPlugins)) await registerOrSkip(runtime, plugin);
  const elizaAdapter = runtime.storage.kind === "elizaos-adapter";
  // elizaOS initializes its adapter here; eliza-edge's backends are opened by their target.
  // Storage "none" (no adapter, no storage) fails this call with elizaOS's message.
  if (runtime.storage.kind === "none") await runtime.storage.ping();
  if (elizaAdapter && !(await runtime.isReady())) await runtime.init();
  const dimension = Number(runtime.getSettingString("EMBEDDING_DIMENSION"));
  if (Number.isInteger(dimension) && dimension > 0) {
    await runtime.storage.ensureEmbeddingDimension(dimension);
  }
  const now = runtime.now();
  // Through the runtime's own method (elizaOS's name), which seals the character's secrets.
  const agent = await runtime.ensureAgentExists({
    id: runtime.agentId,
    name: runtime.character.name,
    enabled: true,
    createdAt: now,
    updatedAt: now,
    character: runtime.character as Record<string, unknown>,
  });
  if (elizaAdapter || isFreshAgentRow(agent)) {
    await runtime.storage.batch(agentStartOps(runtime.agentId, runtime.character.name));
  }
  if (!options.skipMigrations) await runtime.runPluginMigrations();
  // As in elizaOS, services start once the runtime is initialized, so one may await it.
  own.resolveInit();
  const services = own.pendingServices ?? [];
  own.pendingServices = undefined;
  await Promise.all(services.map((definition) => startService(runtime, own, definition)));
}

/**
 * A plugin whose init throws is logged with its name and left out, as elizaOS's app layer
 * does, so one plugin's missing key does not fail every cold start; PLUGIN_INIT_FATAL=true
 * makes it fail the start instead.
 */
async function registerOrSkip(runtime: RuntimeRegistry, plugin: Plugin): Promise<void> {
  try {
    await runtime.registerPlugin(plugin);
  } catch (error) {
    if (pluginInitFatal(runtime.getSettingString("PLUGIN_INIT_FATAL"))) throw error;
    runtime.logger.error(
      `plugin "${plugin.name}" failed to initialize; the agent starts without it ` +
        "(PLUGIN_INIT_FATAL=true fails the start instead)",
      { error: describeError(error) },
    );
  }
}

/** A service that fails to start is logged, as in elizaOS; the agent runs without it. */
async function startService(
  runtime: RuntimeRegistry,
  own: RegistryInternals,
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

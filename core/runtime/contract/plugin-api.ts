// The plugin API: the runtime a component receives (IAgentRuntime, elizaOS's name) and the
// components a plugin contributes (actions, providers, evaluators, services, events, routes,
// model handlers, task workers), shaped like elizaOS 1.x so plugins carry over with at most an
// import change. The two refer to each other, so they are declared together; what they take
// and give is in shapes.ts. IAgentRuntime extends RuntimeBase (../base/), whose database,
// settings, connection and run methods name no component; the members declared here do.
import type {
  Content,
  EventName,
  GenerateTextOptions,
  GenerateTextResult,
  Memory,
  ModelTypeName,
  Room,
  StorageRead,
  Task,
  UUID,
} from "../../kernel/index.ts";
import type { RuntimeBase } from "../base/index.ts";
import type { PromptBatcher } from "../batcher/index.ts";
import type { MessageRateLimiter } from "../limits/index.ts";
import type {
  ActionExample,
  ActionParameter,
  ActionResult,
  ActionRunOptions,
  EvaluationExample,
  HandlerCallback,
  HandlerOptions,
  MentionFlags,
  MessageProcessingOptions,
  MessageProcessingResult,
  ProviderResult,
  ResponseDecision,
  RouteRequest,
  RouteResponse,
  SendTarget,
  Service,
  ServiceHealth,
  ServiceRegistrationStatus,
  State,
} from "./shapes.ts";

export interface Provider {
  name: string;
  description?: string;
  /** Order in the composed text; lower first. Providers still run in parallel. */
  position?: number;
  /** Only included when asked for by name (the planner's <providers/>). */
  dynamic?: boolean;
  /** Never included unless asked for by name; not listed to the planner. */
  private?: boolean;
  /**
   * eliza-edge: the text depends on the character and plugins only, never on the turn, so the
   * planner prompt puts it in its stable (cacheable) part. Only for a provider that returns
   * the same text every call.
   */
  stable?: boolean;
  /** `state` is the message's state composed so far (elizaOS's state cache). */
  get(runtime: IAgentRuntime, message: Memory, state: State): Promise<ProviderResult>;
  /**
   * eliza-edge: the storage read `get` will make for a message, when it is known before the
   * turn. The pipeline sends it with the message's own write, which costs no round trip; `get`
   * takes the answer with takePrefetched (core/pipeline/messages/prefetch.ts).
   */
  prefetch?(runtime: IAgentRuntime, message: Memory): StorageRead | undefined;
}

/**
 * elizaOS's action and evaluator handler. It returns an ActionResult; a legacy handler returns
 * nothing, a boolean or anything else, which processActions wraps as elizaOS does.
 */
export type Handler = (
  runtime: IAgentRuntime,
  message: Memory,
  state?: State,
  options?: HandlerOptions,
  callback?: HandlerCallback,
  responses?: Memory[],
) => Promise<unknown>;

export type Validator = (
  runtime: IAgentRuntime,
  message: Memory,
  state?: State,
) => Promise<boolean>;

export interface Action {
  name: string;
  description: string;
  similes?: string[];
  examples?: ActionExample[][];
  /**
   * Inputs the planner supplies (elizaOS's `parameters`). Each is described in the planner
   * prompt, read from the plan's `<params>` block, checked against its schema and passed to
   * the handler as `options.parameters`. elizaOS 1.7's object form `{ [name]: { type,
   * description, required } }` is read too.
   */
  parameters?: ActionParameter[];
  /**
   * Never offered to the planner, and refused when a user's message plans it: runs only for a
   * message with `content.metadata.isAutonomous === true` (the agent's own autonomous turns).
   */
  private?: boolean;
  validate: Validator;
  handler: Handler;
  [key: string]: unknown;
}

export interface Evaluator {
  name: string;
  description: string;
  similes?: string[];
  examples?: EvaluationExample[];
  /** A "post" evaluator runs even when the agent decided not to respond. */
  alwaysRun?: boolean;
  /**
   * "pre": runs before the message is stored, in registration order, and may block it or
   * rewrite its content (its handler returns a PreEvaluatorResult). "post" (default): runs
   * after the reply.
   */
  phase?: "pre" | "post";
  validate: Validator;
  handler: Handler;
}

/**
 * What a plugin lists in `services`: elizaOS's service class (static serviceType and start),
 * or a plain object of the same shape.
 */
export interface ServiceClass {
  serviceType: string;
  start(runtime: IAgentRuntime): Promise<Service>;
  /** elizaOS: called with the instance once started, to register send handlers. */
  registerSendHandlers?(runtime: IAgentRuntime, service: Service): void;
}

/** @deprecated the earlier name of ServiceClass. */
export type ServiceDefinition = ServiceClass;

// biome-ignore lint/suspicious/noConfusingVoidType: handlers written as `() => void` must fit
export type EventHandler = (payload: EventPayload) => Promise<unknown> | void;

/** What every event handler receives: elizaOS's payload (runtime, source) plus the event's keys. */
export interface EventPayload {
  runtime: IAgentRuntime;
  source?: string;
  onComplete?: () => void;
  [key: string]: unknown;
}

/** An HTTP route a plugin adds (elizaOS 1.x shape), mounted on the shared app. */
export interface Route {
  type: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "STATIC";
  path: string;
  filePath?: string;
  /** elizaOS: shown as a tab in its web client (needs `name`). Auth is the same either way. */
  public?: boolean;
  name?: string;
  handler?: (req: RouteRequest, res: RouteResponse, runtime: IAgentRuntime) => Promise<void>;
  isMultipart?: boolean;
}

export interface Plugin {
  name: string;
  description?: string;
  /** Plugin names that must be registered first. */
  dependencies?: string[];
  /** Default settings; the character and env override them. */
  config?: Record<string, string | number | boolean | null | undefined>;
  init?(config: Record<string, string>, runtime: IAgentRuntime): Promise<void>;
  actions?: Action[];
  providers?: Provider[];
  evaluators?: Evaluator[];
  services?: ServiceClass[];
  models?: Record<string, ModelHandler<never, unknown>>;
  /** Model priority for this plugin's models; higher wins. Default 0. */
  priority?: number;
  events?: Record<string, EventHandler[]>;
  /** HTTP routes, mounted on the shared app behind the API token. */
  routes?: Route[];
  /**
   * Drizzle table definitions (elizaOS's plugin schema). Created on the Postgres backends;
   * a backend without them (D1, DynamoDB) refuses to start, naming the plugin.
   */
  schema?: Record<string, unknown>;
  /** elizaOS component type declarations; kept for plugins that list them, not enforced. */
  componentTypes?: {
    name: string;
    schema: Record<string, unknown>;
    validator?: (data: unknown) => boolean;
  }[];
  /**
   * elizaOS's database adapter plugin (plugin-sql). eliza-edge's storage is chosen by the
   * target, so a plugin's adapter is not used (registerDatabaseAdapter says why).
   */
  adapter?: unknown;
  /** elizaOS test suites; eliza-edge does not run them. */
  tests?: unknown[];
  testDependencies?: string[];
  /** Workers for this plugin's tasks (elizaOS plugins register them in init; both work). */
  taskWorkers?: TaskWorker[];
}

/** A model handler: elizaOS's `(runtime, params) => result`. */
export type ModelHandler<P = unknown, R = unknown> = (
  runtime: IAgentRuntime,
  params: P,
) => Promise<R>;

export interface ModelRegistration {
  handler: ModelHandler;
  /** Who registered it (a plugin name), for logs and the health route. */
  provider: string;
  /** Highest wins. The offline ELIZA fallback registers at -1000. */
  priority: number;
}

/**
 * What getModel returns: elizaOS's handler function. `provider` and `priority` ride on it for
 * eliza-edge code written when getModel returned the registration (new code should call
 * getModelRegistration).
 */
export type RegisteredModelHandler = ModelHandler & { provider: string; priority: number };

/** elizaOS's TaskWorker: the code a task of this name runs. */
export interface TaskWorker {
  name: string;
  /** Checked before each run; false skips this occurrence (a repeat task moves to its next). */
  validate?(runtime: IAgentRuntime, task: Task): Promise<boolean>;
  /** elizaOS's newer name for the same check; used when present. */
  shouldRun?(runtime: IAgentRuntime, task: Task): Promise<boolean>;
  execute(runtime: IAgentRuntime, options: Record<string, unknown>, task: Task): Promise<void>;
  /**
   * eliza-edge: false when an execution is not a run of its own in the run log, because the
   * work it carries records itself (the inbox worker's message turn). Default true.
   */
  runLog?: boolean;
}

/** How a source (telegram, discord ...) delivers when the agent speaks unprompted. */
export type SendHandler = (
  runtime: IAgentRuntime,
  target: SendTarget,
  content: Content,
) => Promise<void>;

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

/**
 * `runtime.messageService`: elizaOS's IMessageService. The runtime owns the shape; the
 * message pipeline (core/pipeline/messages) provides it, so the runtime never imports it.
 */
export interface ElizaMessageService {
  handleMessage(
    runtime: IAgentRuntime,
    message: Memory,
    callback?: HandlerCallback,
    options?: MessageProcessingOptions,
  ): Promise<MessageProcessingResult>;
  shouldRespond(
    runtime: IAgentRuntime,
    message: Memory,
    room?: Room,
    mentionContext?: MentionFlags,
  ): ResponseDecision;
  deleteMessage(runtime: IAgentRuntime, message: Memory): Promise<void>;
  clearChannel(runtime: IAgentRuntime, roomId: UUID, channelId: string): Promise<void>;
}

/**
 * The runtime every component receives: elizaOS's IAgentRuntime. The database methods,
 * settings (getSetting ...), connections (ensureConnection ...), the logger, the run log and
 * run ids come from RuntimeBase; the rest is declared here. One instance serves concurrent
 * requests, so nothing on it is request-scoped.
 */
export interface IAgentRuntime extends RuntimeBase {
  readonly actions: Action[];
  readonly providers: Provider[];
  readonly evaluators: Evaluator[];
  readonly plugins: Plugin[];
  /** HTTP routes the plugins declare, in registration order. */
  readonly routes: Route[];
  /** States by message id, bounded; action results under `${messageId}_action_results`. */
  readonly stateCache: Map<string, State>;
  /** Handlers by event name (elizaOS's RuntimeEventStorage). */
  readonly events: Record<string, EventHandler[] | undefined>;
  readonly fetch: typeof fetch;
  /** elizaOS's multi-agent host; each eliza-edge runtime stands alone. */
  readonly elizaOS: undefined;
  readonly messageService: ElizaMessageService;
  /** Resolves once initialize() has registered the plugins. */
  readonly initPromise: Promise<void>;
  /** Per-user and per-room message limits. */
  readonly messageLimiter: MessageRateLimiter;
  /** Small structured questions packed into shared model calls. */
  readonly promptBatcher: PromptBatcher<IAgentRuntime>;
  /** Autonomous steps on ticks (core/features/autonomy); off by default. */
  enableAutonomy: boolean;

  // plugins and their components
  initialize(options?: { skipMigrations?: boolean }): Promise<void>;
  registerPlugin(plugin: Plugin): Promise<void>;
  registerAction(action: Action): void;
  registerProvider(provider: Provider): void;
  registerEvaluator(evaluator: Evaluator): void;
  registerDatabaseAdapter(adapter: unknown): void;
  registerTaskWorker(worker: TaskWorker): void;
  getTaskWorker(name: string): TaskWorker | undefined;
  registerSendHandler(source: string, handler: SendHandler): void;
  sendMessageToTarget(target: TargetInfo | SendTarget, content: Content): Promise<boolean>;

  // services
  readonly services: Map<string, Service[]>;
  registerService(definition: ServiceClass): Promise<void>;
  getService<T extends Service>(serviceType: string): T | null;
  getServicesByType<T extends Service>(serviceType: string): T[];
  getAllServices(): Map<string, Service[]>;
  hasService(serviceType: string): boolean;
  getRegisteredServiceTypes(): string[];
  getServiceLoadPromise(serviceType: string): Promise<Service>;
  getTypedService<T extends Service>(serviceType: string): T | null;
  getServiceRegistrationStatus(serviceType: string): ServiceRegistrationStatus;
  getServiceHealth(): ServiceHealth;
  hasElizaOS(): boolean;

  // events
  registerEvent(event: EventName, handler: EventHandler): void;
  getEvent(event: EventName): EventHandler[] | undefined;
  on(event: string, callback: (data: unknown) => void): void;
  off(event: string, callback: (data: unknown) => void): void;
  emit(event: string, data: unknown): void;
  sendControlMessage(params: {
    roomId: UUID;
    action: "enable_input" | "disable_input";
    target?: string;
  }): Promise<void>;

  // models
  readonly models: Map<string, ModelRegistration[]>;
  registerModel(
    type: ModelTypeName,
    handler: ModelHandler,
    provider: string,
    priority?: number,
  ): void;
  getModel(type: ModelTypeName): RegisteredModelHandler | undefined;
  getModelRegistration(type: ModelTypeName, provider?: string): ModelRegistration | undefined;
  useModel<R = string>(type: ModelTypeName, params: unknown, provider?: string): Promise<R>;
  generateText(input: string, options?: GenerateTextOptions): Promise<GenerateTextResult>;
  ensureEmbeddingDimension(dimension?: number): Promise<void>;
  addEmbeddingToMemory(memory: Memory): Promise<Memory>;
  rerankMemories(query: string, memories: Memory[]): Promise<Memory[]>;
  queueEmbeddingGeneration(memory: Memory, priority?: "high" | "normal" | "low"): Promise<void>;

  // tasks (the row's due time follows its tags and metadata)
  createTask(task: Omit<Task, "tags"> & { tags?: string[] }): Promise<UUID>;
  updateTask(id: UUID, task: Partial<Task>): Promise<void>;

  // state, actions, evaluators
  composeState(
    message: Memory,
    includeList?: string[] | null,
    onlyInclude?: boolean,
    skipCache?: boolean,
  ): Promise<State>;
  processActions(
    message: Memory,
    responses: Memory[],
    state?: State,
    callback?: HandlerCallback,
    options?: ActionRunOptions,
  ): Promise<void>;
  runActions(
    message: Memory,
    responses: Memory[],
    state: State | undefined,
    callback: HandlerCallback | undefined,
    options?: ActionRunOptions,
  ): Promise<ActionResult[]>;
  getActionResults(messageId: UUID): ActionResult[];
  evaluate(
    message: Memory,
    state?: State,
    didRespond?: boolean,
    callback?: HandlerCallback,
    responses?: Memory[],
    options?: { runId?: UUID },
  ): Promise<Evaluator[] | null>;
  stop(): Promise<void>;
}

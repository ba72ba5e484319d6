// What a plugin can contribute, shaped like elizaOS 1.x (Action, Provider, Evaluator, Service,
// Plugin) so simple plugins carry over with at most an import change.
import type { ModelHandler } from "../../kernel/models/types.ts";
import type { StorageRead } from "../../kernel/storage/contract.ts";
import type { Content, Memory, Metadata } from "../../kernel/types/domain.ts";
import type { AgentRuntime } from "../agent-runtime-core.ts";
import type { TaskWorker } from "../tasks/types.ts";

/** The composed context a prompt is built from (elizaOS's State; extra keys allowed). */
export interface State {
  /** Provider outputs by name, for templates: {{CHARACTER}}, {{RECENT_MESSAGES}} ... */
  values: Record<string, unknown>;
  /** Structured provider data, by provider name; `providers` holds each provider's result. */
  data: Record<string, unknown>;
  /** All provider texts joined, in provider position order. */
  text: string;
  [key: string]: unknown;
}

export interface ProviderResult {
  text?: string;
  values?: Record<string, unknown>;
  data?: Record<string, unknown>;
}

export interface Provider {
  name: string;
  description?: string;
  /** Order in the composed text; lower first. Providers still run in parallel. */
  position?: number;
  /** Only included when asked for by name (the planner's <providers/>). */
  dynamic?: boolean;
  /** Never included unless asked for by name; not listed to the planner. */
  private?: boolean;
  /** `state` is the message's state composed so far (elizaOS's state cache). */
  get(runtime: AgentRuntime, message: Memory, state: State): Promise<ProviderResult>;
  /**
   * eliza-edge: the storage read `get` will make for a message, when it is known before the
   * turn. The pipeline sends it with the message's own write, which costs no round trip; `get`
   * takes the answer with takePrefetched (core/pipeline/messages/prefetch.ts).
   */
  prefetch?(runtime: AgentRuntime, message: Memory): StorageRead | undefined;
}

/** Sends a reply to wherever the message came from; returns the memories it created. */
export type HandlerCallback = (content: Content, files?: unknown) => Promise<Memory[]>;

export interface ActionResult {
  success: boolean;
  text?: string;
  values?: Record<string, unknown>;
  data?: Record<string, unknown>;
  error?: string | Error;
}

export interface ActionExample {
  name: string;
  content: Content;
}

/**
 * A parameter's JSON-Schema-like type (elizaOS's ActionParameterSchema). The planner's values
 * arrive as text and are coerced to `type`: "string", "number", "integer", "boolean", "array",
 * "object".
 */
export interface ActionParameterSchema {
  type?: string;
  description?: string;
  /** Used when the planner gives no value (and the parameter is not required). */
  default?: unknown;
  /** Allowed values. */
  enum?: readonly (string | number | boolean)[];
  /** elizaOS's other name for `enum`. */
  enumValues?: readonly string[];
  minimum?: number;
  maximum?: number;
  /** For "array": each item's schema. */
  items?: ActionParameterSchema;
  /** For "object": its properties (described, not checked). */
  properties?: Record<string, ActionParameterSchema>;
  [key: string]: unknown;
}

/** One input an action declares; the planner is told about it and supplies it in `<params>`. */
export interface ActionParameter {
  name: string;
  description: string;
  /** A required parameter the planner left out fails the action (its handler does not run). */
  required?: boolean;
  schema: ActionParameterSchema;
  /** Example values, shown to the planner. */
  examples?: readonly unknown[];
}

/** Validated parameter values, by name, as a handler receives them in `options.parameters`. */
export type ActionParameters = Record<string, unknown>;

/** Results of the actions that ran before this one in the same message. */
export interface ActionContext {
  previousResults: ActionResult[];
  getPreviousResult?: (actionName: string) => ActionResult | undefined;
}

/** What an action handler receives as `options` (elizaOS's HandlerOptions). */
export interface HandlerOptions {
  actionContext?: ActionContext;
  actionPlan?: {
    totalSteps: number;
    currentStep: number;
    steps: {
      action: string;
      status: "pending" | "completed" | "failed";
      result?: ActionResult;
      error?: string;
    }[];
    thought: string;
  };
  /** eliza-edge: the planned response's content (what elizaOS passes as `responses[0]`). */
  content?: Content;
  /** eliza-edge: the same list as actionContext.previousResults, kept for older plugins. */
  previousResults?: ActionResult[];
  /** The action's declared parameters as the planner supplied them, validated and coerced. */
  parameters?: ActionParameters;
  [key: string]: unknown;
}

/**
 * elizaOS's action and evaluator handler. It returns an ActionResult; a legacy handler returns
 * nothing, a boolean or anything else, which processActions wraps as elizaOS does.
 */
export type Handler = (
  runtime: AgentRuntime,
  message: Memory,
  state?: State,
  options?: HandlerOptions,
  callback?: HandlerCallback,
  responses?: Memory[],
) => Promise<unknown>;

export type Validator = (runtime: AgentRuntime, message: Memory, state?: State) => Promise<boolean>;

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

export interface EvaluationExample {
  prompt: string;
  messages: ActionExample[];
  outcome: string;
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

/** What a "pre" evaluator's handler may return; anything else lets the message through. */
export interface PreEvaluatorResult {
  /** true: nothing is stored, no reply, handleMessage reports `blocked: true`. */
  blocked?: boolean;
  /** Why it was blocked; reported as the outcome's reason. */
  reason?: string;
  /** Merged over the message's content before it is stored (e.g. `{ text: "redacted" }`). */
  content?: Partial<Content>;
}

/**
 * A running service instance (elizaOS's Service). On serverless it lives as long as the
 * isolate or function instance; whatever it keeps open (timers, sockets) is its own affair.
 */
export interface Service {
  stop?(): Promise<void>;
  capabilityDescription?: string;
  config?: Metadata;
}

/**
 * What a plugin lists in `services`: elizaOS's service class (static serviceType and start),
 * or a plain object of the same shape.
 */
export interface ServiceClass {
  serviceType: string;
  start(runtime: AgentRuntime): Promise<Service>;
  /** elizaOS: called with the instance once started, to register send handlers. */
  registerSendHandlers?(runtime: AgentRuntime, service: Service): void;
}
/** @deprecated the earlier name of ServiceClass. */
export type ServiceDefinition = ServiceClass;

// biome-ignore lint/suspicious/noConfusingVoidType: handlers written as `() => void` must fit
export type EventHandler = (payload: EventPayload) => Promise<unknown> | void;

/** What every event handler receives: elizaOS's payload (runtime, source) plus the event's keys. */
export interface EventPayload {
  runtime: AgentRuntime;
  source?: string;
  onComplete?: () => void;
  [key: string]: unknown;
}

/** What a plugin route handler receives: elizaOS's express-shaped request. */
export interface RouteRequest {
  body?: unknown;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  headers?: Record<string, string | string[] | undefined>;
  method?: string;
  path?: string;
  url?: string;
}

/** What a plugin route handler answers through: elizaOS's express-shaped response. */
export interface RouteResponse {
  status(code: number): RouteResponse;
  json(data: unknown): RouteResponse;
  send(data: unknown): RouteResponse;
  end(): RouteResponse;
  setHeader?(name: string, value: string | string[]): RouteResponse;
  headersSent?: boolean;
}

/** An HTTP route a plugin adds (elizaOS 1.x shape), mounted on the shared app. */
export interface Route {
  type: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "STATIC";
  path: string;
  filePath?: string;
  /** elizaOS: shown as a tab in its web client (needs `name`). Auth is the same either way. */
  public?: boolean;
  name?: string;
  handler?: (req: RouteRequest, res: RouteResponse, runtime: AgentRuntime) => Promise<void>;
  isMultipart?: boolean;
}

export interface Plugin {
  name: string;
  description?: string;
  /** Plugin names that must be registered first. */
  dependencies?: string[];
  /** Default settings; the character and env override them. */
  config?: Record<string, string | number | boolean | null | undefined>;
  init?(config: Record<string, string>, runtime: AgentRuntime): Promise<void>;
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

// What a plugin can contribute, shaped like elizaOS 1.x (Action, Provider, Evaluator, Service,
// Plugin) so simple plugins carry over with at most an import change.
import type { ModelHandler } from "./models/types.ts";
import type { AgentRuntime } from "./runtime/agent-runtime.ts";
import type { TaskWorker } from "./tasks/types.ts";
import type { Content, Memory } from "./types.ts";

/** The composed context a prompt is built from. */
export interface State {
  /** Provider outputs by name, for templates: {{CHARACTER}}, {{RECENT_MESSAGES}} ... */
  values: Record<string, unknown>;
  /** Structured provider data, by provider name. */
  data: Record<string, unknown>;
  /** All provider texts joined, in provider position order. */
  text: string;
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
  get(runtime: AgentRuntime, message: Memory, state: State): Promise<ProviderResult>;
}

/** Sends a reply to wherever the message came from; returns the memories it created. */
export type HandlerCallback = (content: Content) => Promise<Memory[]>;

export interface ActionResult {
  success: boolean;
  text?: string;
  values?: Record<string, unknown>;
  data?: Record<string, unknown>;
  error?: string;
}

export interface ActionExample {
  name: string;
  content: Content;
}

export interface Action {
  name: string;
  description: string;
  similes?: string[];
  examples?: ActionExample[][];
  validate(runtime: AgentRuntime, message: Memory, state?: State): Promise<boolean>;
  handler(
    runtime: AgentRuntime,
    message: Memory,
    state: State,
    options: { content: Content; previousResults: ActionResult[] },
    callback: HandlerCallback,
    // biome-ignore lint/suspicious/noConfusingVoidType: elizaOS action handlers may return nothing
  ): Promise<ActionResult | undefined | void>;
}

export interface Evaluator {
  name: string;
  description: string;
  similes?: string[];
  /** Run even when the agent decided not to respond. */
  alwaysRun?: boolean;
  validate(runtime: AgentRuntime, message: Memory, state?: State): Promise<boolean>;
  handler(
    runtime: AgentRuntime,
    message: Memory,
    state: State,
    responses: Memory[],
  ): Promise<unknown>;
}

/** A long-lived helper a plugin starts once per runtime (a client, a cache). */
export interface Service {
  stop?(): Promise<void>;
}

export interface ServiceDefinition {
  serviceType: string;
  start(runtime: AgentRuntime): Promise<Service>;
}

export type EventHandler = (payload: EventPayload) => Promise<void> | void;

export interface EventPayload {
  runtime: AgentRuntime;
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
  config?: Record<string, string | number | boolean | undefined>;
  init?(config: Record<string, string>, runtime: AgentRuntime): Promise<void>;
  actions?: Action[];
  providers?: Provider[];
  evaluators?: Evaluator[];
  services?: ServiceDefinition[];
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
  /** Workers for this plugin's tasks (elizaOS plugins register them in init; both work). */
  taskWorkers?: TaskWorker[];
}

// The plugin contract's data: what components take and give (state, results, parameters,
// examples, routes' request and response) in elizaOS 1.x's shapes. Nothing here names the
// runtime; the components that receive it are in components.ts.
import type { Content, Memory, Metadata, UUID } from "../../kernel/index.ts";

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

export interface EvaluationExample {
  prompt: string;
  messages: ActionExample[];
  outcome: string;
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

/** Where a message goes when the agent speaks first (a reminder) or later (an inbox reply). */
export interface SendTarget {
  source: string;
  roomId: UUID;
  channelId?: string;
  serverId?: string;
  entityId?: UUID;
  /** Connector-specific routing (a Telegram message to reply to, a Discord token). */
  [key: string]: unknown;
}

/** elizaOS's MessageProcessingOptions; eliza-edge reads maxRetries (planner retries) and timeoutDuration. */
export interface MessageProcessingOptions {
  maxRetries?: number;
  timeoutDuration?: number;
  useMultiStep?: boolean;
  maxMultiStepIterations?: number;
  onStreamChunk?: (chunk: string, messageId?: UUID) => Promise<void>;
}

export interface MessageProcessingResult {
  didRespond: boolean;
  responseContent: Content | null;
  responseMessages: Memory[];
  state: State;
  mode?: "simple" | "actions" | "none";
}

export interface ResponseDecision {
  shouldRespond: boolean;
  skipEvaluation: boolean;
  reason: string;
}

/** How a message addressed the agent, as elizaOS's shouldRespond takes it. */
export interface MentionFlags {
  isMention?: boolean;
  isReply?: boolean;
}

/** processActions' options. */
export interface ActionRunOptions {
  /** The run the actions belong to (events carry it); a fresh id when absent. */
  runId?: UUID;
  /** "single" runs only the first planned action; default "multiple" runs them in order. */
  mode?: "single" | "multiple";
  /** elizaOS: streamed text chunks; passed on to handlers in their options. */
  onStreamChunk?: (chunk: string, messageId?: UUID) => Promise<void>;
}

/** elizaOS's service registration status (getServiceRegistrationStatus). */
export type ServiceRegistrationStatus =
  | "pending"
  | "registering"
  | "registered"
  | "failed"
  | "unknown";

/** elizaOS's getServiceHealth: per service type. */
export type ServiceHealth = Record<
  string,
  { status: ServiceRegistrationStatus; instances: number; hasPromise: boolean }
>;

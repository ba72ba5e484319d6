// The agent runtime: one per character per isolate. It owns the plugin registry (actions,
// providers, evaluators, models, services, events) and nothing request-scoped, so one
// instance serves concurrent requests without mixing their state: every per-message value
// (run id, state, responses) travels in arguments, never in fields.

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
import { DeliveryError } from "../messages/delivery-error.ts";
import type { ModelRegistration, ModelTypeName } from "../models/types.ts";
import type {
  Action,
  ActionResult,
  Evaluator,
  EventHandler,
  EventPayload,
  HandlerCallback,
  Plugin,
  Provider,
  Service,
  State,
} from "../plugin.ts";
import { createRedactor, type Redactor, secretValues } from "../redact.ts";
import type { StorageAdapter, StorageOp } from "../storage.ts";
import type { SendHandler, SendTarget, TaskWorker } from "../tasks/types.ts";
import { ChannelType, type Content, type Memory, type UUID } from "../types.ts";
import { createUniqueUuid, randomUuid } from "../uuid.ts";
import { type EventName, EventType } from "./events.ts";
import { orderPlugins } from "./plugin-order.ts";
import { resolveAction } from "./resolve-action.ts";

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
}

/**
 * Where a setting's value came from. The character file is one source (its secrets, settings
 * and settings.secrets are written by the same hand); runtime settings and the env are others.
 */
export type SettingSource = "character" | "runtime" | "env";

export interface ConnectionParams {
  entityId: UUID;
  roomId: UUID;
  worldId?: UUID;
  userName?: string;
  name?: string;
  source: string;
  type?: ChannelType;
  channelId?: string;
  serverId?: string;
  worldName?: string;
}

export interface ActionRunOptions {
  runId: UUID;
  /** "single" runs only the first planned action; default "multiple" runs them in order. */
  mode?: "single" | "multiple";
}

const CONNECTION_CACHE_LIMIT = 5000;

export class AgentRuntime {
  readonly agentId: UUID;
  readonly character: Character;
  readonly storage: StorageAdapter;
  readonly logger: Logger;
  readonly now: () => number;
  readonly actions: Action[] = [];
  readonly providers: Provider[] = [];
  readonly evaluators: Evaluator[] = [];
  readonly plugins: Plugin[] = [];
  /** Per-user and per-room message limits, counted in this process or isolate by default. */
  readonly messageLimiter: MessageRateLimiter;
  /** Replaces secret values (tokens, keys, character secrets) in text bound for a log. */
  readonly redact: Redactor;
  private readonly env: Record<string, unknown>;
  private readonly settings: Record<string, string | undefined>;
  private readonly models = new Map<string, ModelRegistration[]>();
  private readonly events = new Map<string, EventHandler[]>();
  private readonly services = new Map<string, Service>();
  private readonly taskWorkers = new Map<string, TaskWorker>();
  private readonly sendHandlers = new Map<string, SendHandler>();
  private readonly pendingPlugins: Plugin[];
  /** Connections known to exist, so a warm isolate skips re-ensuring them. */
  private readonly ensuredConnections = new Set<string>();
  private initialized: Promise<void> | undefined;
  private lastStamp = 0;

  constructor(options: RuntimeOptions) {
    this.character = options.character;
    this.agentId = options.agentId ?? characterAgentId(options.character);
    this.storage = options.storage;
    this.env = options.env ?? {};
    this.settings = options.settings ?? {};
    this.now = options.now ?? Date.now;
    const characterSettings = this.character.settings as Record<string, unknown>;
    this.redact = createRedactor(
      secretValues(
        [characterSettings, this.settings, this.env],
        [this.character.secrets, characterSettings.secrets as Record<string, unknown> | undefined],
      ),
    );
    this.logger = redactingLogger(
      options.logger ??
        createConsoleLogger((this.getSetting("LOG_LEVEL") as "info" | undefined) ?? "info"),
      this.redact,
    );
    this.pendingPlugins = options.plugins ?? [];
    this.messageLimiter = new MessageRateLimiter(
      options.rateLimitStore ?? createMemoryRateLimitStore(),
      {
        userPerMinute: perMinuteSetting(
          this.getSetting("RATE_LIMIT_USER_PER_MINUTE"),
          DEFAULT_USER_MESSAGES_PER_MINUTE,
        ),
        roomPerMinute: perMinuteSetting(
          this.getSetting("RATE_LIMIT_ROOM_PER_MINUTE"),
          DEFAULT_ROOM_MESSAGES_PER_MINUTE,
        ),
      },
    );
  }

  /** Registers plugins, starts services, records the agent. Safe to call more than once. */
  initialize(): Promise<void> {
    this.initialized ??= this.doInitialize();
    return this.initialized;
  }

  private async doInitialize(): Promise<void> {
    for (const plugin of orderPlugins(this.pendingPlugins)) await this.registerPlugin(plugin);
    const dimension = Number(this.getSetting("EMBEDDING_DIMENSION"));
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
  }

  async registerPlugin(plugin: Plugin): Promise<void> {
    if (this.plugins.some((p) => p.name === plugin.name)) return;
    this.plugins.push(plugin);
    if (plugin.init) {
      const config: Record<string, string> = {};
      for (const [key, fallback] of Object.entries(plugin.config ?? {})) {
        const value =
          this.getSetting(key) ?? (fallback === undefined ? undefined : String(fallback));
        if (value !== undefined) config[key] = value;
      }
      await plugin.init(config, this);
    }
    for (const action of plugin.actions ?? []) this.registerAction(action);
    for (const provider of plugin.providers ?? []) this.registerProvider(provider);
    for (const evaluator of plugin.evaluators ?? []) this.evaluators.push(evaluator);
    for (const worker of plugin.taskWorkers ?? []) this.registerTaskWorker(worker);
    for (const [type, handler] of Object.entries(plugin.models ?? {})) {
      this.registerModel(
        type,
        handler as ModelRegistration["handler"],
        plugin.name,
        plugin.priority,
      );
    }
    for (const [event, handlers] of Object.entries(plugin.events ?? {})) {
      for (const handler of handlers) this.registerEvent(event, handler);
    }
    for (const definition of plugin.services ?? []) {
      this.services.set(definition.serviceType, await definition.start(this));
    }
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

  registerModel(
    type: ModelTypeName,
    handler: ModelRegistration["handler"],
    provider: string,
    priority = 0,
  ): void {
    const list = this.models.get(type) ?? [];
    list.push({ handler, provider, priority });
    // Stable sort: among equal priorities the first registered wins, as in elizaOS.
    list.sort((a, b) => b.priority - a.priority);
    this.models.set(type, list);
  }

  registerEvent(event: EventName, handler: EventHandler): void {
    const list = this.events.get(event) ?? [];
    list.push(handler);
    this.events.set(event, list);
  }

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

  /** Delivers through the target's connector; a source without one (the API) is a no-op. */
  async sendMessageToTarget(target: SendTarget, content: Content): Promise<boolean> {
    const handler = this.sendHandlers.get(target.source);
    if (!handler) return false;
    await handler(this, target, content);
    return true;
  }

  getService<T extends Service>(serviceType: string): T | undefined {
    return this.services.get(serviceType) as T | undefined;
  }

  /** character.secrets → character.settings (and settings.secrets) → runtime settings → env. */
  getSetting(key: string): string | undefined {
    return this.getSettingWithSource(key)?.value;
  }

  /**
   * A setting with the place it came from, so a value that must travel with a secret (the
   * base URL a token is sent to) can be checked to come from the same place as the secret.
   */
  getSettingWithSource(key: string): { value: string; source: SettingSource } | undefined {
    return this.getSettingCandidates(key)[0];
  }

  /** Every value a setting has, highest-ranked first, each with its source. */
  getSettingCandidates(key: string): { value: string; source: SettingSource }[] {
    const settings = this.character.settings as Record<string, unknown>;
    const nestedSecrets = settings.secrets as Record<string, unknown> | undefined;
    const candidates: [unknown, SettingSource][] = [
      [this.character.secrets[key], "character"],
      [settings[key], "character"],
      [nestedSecrets?.[key], "character"],
      [this.settings[key], "runtime"],
      [this.env[key], "env"],
    ];
    const found: { value: string; source: SettingSource }[] = [];
    for (const [value, source] of candidates) {
      if (value === undefined || value === null || value === "") continue;
      if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
        found.push({ value: String(value), source });
      }
    }
    return found;
  }

  /** The highest-priority handler registered for a model type, if any. */
  getModel(type: ModelTypeName): ModelRegistration | undefined {
    return this.models.get(type)?.[0];
  }

  async useModel<R = string>(type: ModelTypeName, params: unknown): Promise<R> {
    const model = this.getModel(type);
    if (!model) throw new Error(`No model registered for ${type}`);
    const result = (await model.handler(this, params)) as R;
    if (this.events.has(EventType.MODEL_USED)) {
      await this.emitEvent(EventType.MODEL_USED, { type, provider: model.provider });
    }
    return result;
  }

  /** Runs every handler for the event; one failing handler does not stop the others. */
  async emitEvent(event: EventName, payload: Omit<EventPayload, "runtime">): Promise<void> {
    const handlers = this.events.get(event);
    if (!handlers) return;
    await Promise.all(
      handlers.map(async (handler) => {
        try {
          await handler({ ...payload, runtime: this });
        } catch (error) {
          this.logger.error(`event handler for ${event} failed`, { error: describeError(error) });
        }
      }),
    );
  }

  /**
   * Builds the state a prompt is made from. Providers run in parallel and their texts are
   * joined by position. Private and dynamic providers run only when named in `include`.
   * A failing provider is logged and left out; it never fails the message.
   */
  async composeState(message: Memory, include: string[] = [], onlyInclude = false): Promise<State> {
    const wanted = new Set(include.map((n) => n.toUpperCase()));
    const selected = this.providers
      .filter((p) => {
        const named = wanted.has(p.name.toUpperCase());
        if (onlyInclude) return named;
        return named || (!p.private && !p.dynamic);
      })
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
    const empty: State = { values: {}, data: {}, text: "" };
    const results = await Promise.all(
      selected.map(async (provider) => {
        try {
          return await provider.get(this, message, empty);
        } catch (error) {
          this.logger.warn(`provider ${provider.name} failed`, { error: describeError(error) });
          return undefined;
        }
      }),
    );
    const state: State = { values: {}, data: {}, text: "" };
    const texts: string[] = [];
    selected.forEach((provider, i) => {
      const result = results[i];
      if (!result) return;
      Object.assign(state.values, result.values ?? {});
      if (result.data) state.data[provider.name] = result.data;
      if (result.text) {
        state.values[provider.name] = result.text;
        texts.push(result.text);
      }
    });
    state.text = texts.join("\n\n");
    return state;
  }

  /**
   * Runs the actions the plan named, in order. Unknown names are skipped with a warning;
   * an action whose validate says no is skipped; a throwing action is recorded as failed
   * and the next one still runs.
   */
  async processActions(
    message: Memory,
    responses: Memory[],
    state: State,
    callback: HandlerCallback,
    options: ActionRunOptions,
  ): Promise<ActionResult[]> {
    const results: ActionResult[] = [];
    for (const response of responses) {
      const planned = response.content.actions ?? [];
      const names = options.mode === "single" ? planned.slice(0, 1) : planned;
      for (const name of names) {
        const action = resolveAction(this.actions, name);
        if (!action) {
          this.logger.warn(`planned action ${name} is not registered; skipped`);
          continue;
        }
        if (!(await action.validate(this, message, state))) continue;
        await this.emitEvent(EventType.ACTION_STARTED, {
          runId: options.runId,
          action: action.name,
          roomId: message.roomId,
        });
        let result: ActionResult;
        try {
          result = (await action.handler(
            this,
            message,
            state,
            { content: response.content, previousResults: results },
            callback,
          )) ?? { success: true };
        } catch (error) {
          // A reply the platform refused fails the whole message, so it is retried.
          if (error instanceof DeliveryError) throw error;
          this.logger.error(`action ${action.name} failed`, { error: describeError(error) });
          result = { success: false, error: String(error) };
        }
        results.push(result);
        await this.emitEvent(EventType.ACTION_COMPLETED, {
          runId: options.runId,
          action: action.name,
          roomId: message.roomId,
          result,
        });
      }
    }
    return results;
  }

  /** Runs evaluators that validate; when the agent did not respond only `alwaysRun` ones. */
  async evaluate(
    message: Memory,
    state: State,
    didRespond: boolean,
    responses: Memory[],
  ): Promise<Evaluator[]> {
    const ran: Evaluator[] = [];
    await Promise.all(
      this.evaluators.map(async (evaluator) => {
        if (!didRespond && !evaluator.alwaysRun) return;
        try {
          if (!(await evaluator.validate(this, message, state))) return;
          await evaluator.handler(this, message, state, responses);
          ran.push(evaluator);
        } catch (error) {
          this.logger.error(`evaluator ${evaluator.name} failed`, { error: describeError(error) });
        }
      }),
    );
    return ran;
  }

  /** The world, room, entity and participant rows a conversation needs, insert-if-absent. */
  connectionOps(params: ConnectionParams): StorageOp[] {
    const worldId = params.worldId ?? createUniqueUuid(this, params.serverId ?? "default-world");
    const names = [params.name, params.userName].filter((n): n is string => !!n);
    return [
      {
        op: "ensureWorld",
        world: {
          id: worldId,
          name: params.worldName ?? params.serverId ?? "default",
          agentId: this.agentId,
          serverId: params.serverId,
        },
      },
      {
        op: "ensureRoom",
        room: {
          id: params.roomId,
          agentId: this.agentId,
          source: params.source,
          type: params.type ?? ChannelType.DM,
          channelId: params.channelId,
          serverId: params.serverId,
          worldId,
        },
      },
      {
        op: "ensureEntity",
        entity: {
          id: params.entityId,
          names: names.length ? names : [String(params.entityId)],
          agentId: this.agentId,
          metadata: { [params.source]: { name: params.name, userName: params.userName } },
        },
      },
      {
        op: "ensureEntity",
        entity: { id: this.agentId, names: [this.character.name], agentId: this.agentId },
      },
      { op: "ensureParticipant", entityId: params.entityId, roomId: params.roomId },
      { op: "ensureParticipant", entityId: this.agentId, roomId: params.roomId },
    ];
  }

  /**
   * Makes sure the conversation's rows exist, in one atomic batch together with `extraOps`
   * (the message service passes the incoming message, saving a round trip). A warm isolate
   * that ensured the same connection before sends only `extraOps`.
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

  /** Forgets which connections exist; call after storage was reset underneath the runtime. */
  forgetConnections(): void {
    this.ensuredConnections.clear();
  }

  /**
   * A creation time for a memory: the clock, but strictly increasing within this isolate, so
   * messages created in the same millisecond keep their order and time-based paging never
   * skips one.
   */
  stamp(): number {
    this.lastStamp = Math.max(this.now(), this.lastStamp + 1);
    return this.lastStamp;
  }

  newRunId(): UUID {
    return randomUuid();
  }

  async stop(): Promise<void> {
    for (const service of this.services.values()) await service.stop?.();
    this.services.clear();
  }
}

// The runtime's foundations under AgentRuntime: settings, the model registry, events,
// connection rows and run ids. Split from agent-runtime.ts by concern; AgentRuntime adds the
// plugin registry, services, state, actions and evaluators on top. Nothing here is
// request-scoped: per-message values travel in arguments.
import { characterAgentId, type ParsedCharacter } from "../../kernel/character/character.ts";
import { describeError } from "../../kernel/errors/describe-error.ts";
import { randomUuid } from "../../kernel/ids/uuid.ts";
import {
  createConsoleLogger,
  type ElizaLogger,
  jsonLogFormatOr,
  type Logger,
  redactingLogger,
} from "../../kernel/logging/logger.ts";
import { createRedactor, type Redactor, secretValues } from "../../kernel/logging/redact.ts";
import type { ModelHandler, ModelRegistration, ModelTypeName } from "../../kernel/models/types.ts";
import { DEFAULT_SECRET_SALT } from "../../kernel/secrets/secret-cipher.ts";
import {
  elizaSettingValue,
  type SettingCandidate,
  type SettingSource,
  type SettingValue,
  settingCandidates,
  writeSetting,
} from "../../kernel/settings/precedence.ts";
import type {
  StorageAdapter,
  StorageOp,
  StorageRead,
  StorageReadResult,
} from "../../kernel/storage/contract.ts";
import type { Entity, Room, UUID, World } from "../../kernel/types/domain.ts";
import type { AgentRuntime } from "../agent-runtime-core.ts";
import type { EventHandler, Plugin } from "../contract/components.ts";
import { type EventName, EventType } from "../events/event-types.ts";
import type { RateLimitStore } from "../limits/rate-limit-store.ts";
import { callRecorded } from "../models/model-call.ts";
import { withModelSettings } from "../models/model-settings.ts";
import {
  applyLlmMode,
  deliverUsage,
  embeddingProbe,
  ModelRegistry,
  modelUsedPayload,
  prepareModelCall,
  type RegisteredModelHandler,
  readLlmMode,
} from "../models/registry.ts";
import { RunTracker } from "../runs/tracker.ts";
import {
  batchInChunks,
  type ConnectionParams,
  connectionOps,
  EnsuredConnections,
  ensureConnectionsOps,
} from "./connections.ts";
import { RuntimeDatabase } from "./database-rooms.ts";

export interface RuntimeOptions {
  character: ParsedCharacter;
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
  /** elizaOS's option: autonomous steps on ticks; default the ENABLE_AUTONOMY setting, else off. */
  enableAutonomy?: boolean;
  /**
   * elizaOS's serverless mode: no timer anywhere; the host calls runDueTasks() (the Worker,
   * Lambda and Vercel targets set it). Default false: a long-lived process may start a timer.
   */
  serverless?: boolean;
  /**
   * Log lines as JSON when LOG_JSON_FORMAT is set nowhere: the edge targets pass true (their
   * platforms index JSON lines), a terminal keeps readable ones. Default false.
   */
  logJsonDefault?: boolean;
}

const DEFAULT_CONVERSATION_LENGTH = 32;

export class RuntimeBase extends RuntimeDatabase {
  readonly character: ParsedCharacter;
  readonly logger: ElizaLogger;
  readonly now: () => number;
  /** elizaOS's `runtime.serverless`: ticks come from the host, never from a timer. */
  readonly serverless: boolean;
  /** Replaces secret values (tokens, keys, character secrets) in text bound for a log. */
  readonly redact: Redactor;
  /** Handlers by event name (elizaOS's RuntimeEventStorage). */
  readonly events: Record<string, EventHandler[] | undefined> = {};
  /** Runs in progress and the log row each leaves (core/runs). */
  readonly runs: RunTracker;
  private readonly env: Record<string, unknown>;
  private readonly runtimeSettings: Record<string, unknown>;
  private readonly conversationLength: number | undefined;
  private readonly modelRegistry = new ModelRegistry();
  /** Connections known to exist, so a warm isolate skips re-ensuring them. */
  private readonly ensuredConnections = new EnsuredConnections();
  private lastStamp = 0;
  /** elizaOS's "current run": see startRun. */
  private currentRunId: UUID | undefined;

  constructor(options: RuntimeOptions) {
    super(options.storage, options.agentId ?? characterAgentId(options.character));
    this.character = options.character;
    this.env = options.env ?? {};
    // A copy: setSetting may overwrite a key here, and the caller's object stays theirs.
    this.runtimeSettings = { ...options.settings };
    this.now = options.now ?? Date.now;
    this.serverless = options.serverless === true;
    this.conversationLength = options.conversationLength;
    const characterSettings = this.character.settings as Record<string, unknown>;
    const characterSecrets = [
      this.character.secrets,
      characterSettings.secrets as Record<string, unknown> | undefined,
    ];
    // A secret elizaOS encrypted is read back in plain text (settings.ts): that text is secret too.
    const plainSecrets = Object.fromEntries(
      characterSecrets
        .flatMap((secrets) => Object.keys(secrets ?? {}))
        .map((key) => [key, this.getSettingString(key)]),
    );
    this.redact = createRedactor(
      secretValues(
        [characterSettings, this.runtimeSettings, this.env],
        [...characterSecrets, plainSecrets],
      ),
    );
    this.logger = redactingLogger(
      options.logger ??
        createConsoleLogger(this.getSettingString("LOG_LEVEL") ?? "info", {
          json: jsonLogFormatOr(this.getSetting("LOG_JSON_FORMAT"), options.logJsonDefault),
        }),
      this.redact,
    );
    this.runs = new RunTracker(this);
  }

  /** Handlers and listeners take the concrete runtime; every RuntimeBase is an AgentRuntime. */
  protected get self(): AgentRuntime {
    return this as unknown as AgentRuntime;
  }

  // --- settings -------------------------------------------------------------------------

  /**
   * elizaOS's getSetting in its documents' order: runtime (constructor) settings →
   * character.secrets → character.settings (and settings.secrets) → the env the target passed
   * in (an eliza-edge extension). "true" and "false" come back as booleans, numbers as
   * numbers, a missing key as null.
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
    // A constructor setting outranks the character, so the new value must replace it there
    // too, or the write would be invisible to getSetting.
    if (value !== null && value !== undefined && key in this.runtimeSettings) {
      this.runtimeSettings[key] = value;
    }
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

  /** SECRET_SALT (any setting layer), else elizaOS's default: seals the agents row's secrets. */
  protected override secretSalt(): string {
    return this.getSettingString("SECRET_SALT") ?? DEFAULT_SECRET_SALT;
  }

  protected override secretsLeftSealed(agentId: UUID, count: number): void {
    this.logger.warn(
      `agent ${agentId}: ${count} stored secret(s) did not decrypt under SECRET_SALT and stay ` +
        "encrypted; they were written under another salt. Set the salt they were written with.",
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
   * set, without calling the model. LLM_MODE (SMALL or LARGE) replaces the text size asked
   * for, as elizaOS's llmMode does. `promptSegments` must join to `prompt` (which they build
   * when absent). Emits MODEL_USED, with the tokens the provider reported, when someone listens.
   */
  async useModel<R = string>(
    requested: ModelTypeName,
    params: unknown,
    provider?: string,
  ): Promise<R> {
    const type = applyLlmMode(requested, readLlmMode(this.getSettingString("LLM_MODE")));
    const model = this.modelRegistry.registration(type, provider);
    if (!model) throw new Error(`No model registered for ${type}`);
    // elizaOS's model defaults (TEXT_LARGE_TEMPERATURE, DEFAULT_MAX_TOKENS ...) under what the
    // call sets; a copy, so the caller's object is left as it was.
    params = withModelSettings(this, type, params);
    const probe = embeddingProbe(
      type,
      params,
      Number(this.getSettingString("EMBEDDING_DIMENSION")),
    );
    if (probe) return probe as R;
    const call = prepareModelCall(params);
    const result = await callRecorded<R>(this.self, this.runs, type, model, call);
    const usage = call.usage();
    deliverUsage(call.params, usage);
    if (this.events[EventType.MODEL_USED]?.length) {
      await this.emitEvent(EventType.MODEL_USED, {
        ...modelUsedPayload(type, model.provider, call.params, usage),
      });
    }
    return result;
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
  async emitEvent(
    event: EventName | EventName[],
    params: Record<string, unknown> = {},
  ): Promise<void> {
    for (const name of Array.isArray(event) ? event : [event]) {
      const handlers = this.events[name];
      if (!handlers?.length) continue;
      const payload = {
        ...params,
        runtime: this.self,
        source: (params.source as string) || "runtime",
      };
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

  // --- connections ----------------------------------------------------------------------

  /** The world, room, entity and participant rows a conversation needs, insert-if-absent. */
  connectionOps(params: ConnectionParams): StorageOp[] {
    return connectionOps(this.self, params);
  }

  /**
   * Makes sure the conversation's rows exist, in one atomic batch together with `extraOps`
   * (the message service passes the incoming message, saving a round trip). A warm isolate
   * that ensured the same connection before sends only `extraOps`. Takes eliza-edge's fields
   * and elizaOS's ensureConnection object alike.
   */
  async ensureConnection(params: ConnectionParams, extraOps: StorageOp[] = []): Promise<void> {
    await this.ensuredConnections.ensure(this.self, params, extraOps, []);
  }

  /** ensureConnection, with `reads` answered in the same batch (a message's context). */
  ensureConnectionAndRead(
    params: ConnectionParams,
    extraOps: StorageOp[],
    reads: readonly StorageRead[],
  ): Promise<StorageReadResult[]> {
    return this.ensuredConnections.ensure(this.self, params, extraOps, reads);
  }

  ensureConnections(
    entities: Entity[],
    rooms: Room[],
    source: string,
    world: World,
  ): Promise<void> {
    return ensureConnectionsOps(this.self, entities, rooms, source, world);
  }

  ensureWorldExists(world: World): Promise<void> {
    return batchInChunks(this.self, [
      { op: "ensureWorld", world: { ...world, agentId: world.agentId ?? this.agentId } },
    ]);
  }

  ensureRoomExists(room: Room): Promise<void> {
    return batchInChunks(this.self, [
      { op: "ensureRoom", room: { ...room, agentId: room.agentId ?? this.agentId } },
    ]);
  }

  ensureParticipantInRoom(entityId: UUID, roomId: UUID): Promise<void> {
    return batchInChunks(this.self, [{ op: "ensureParticipant", entityId, roomId }]);
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
}

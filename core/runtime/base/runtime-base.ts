// The runtime's foundations, under the plugin contract: the database methods (database.ts),
// settings, the logger and its redaction, connection rows, the run log and run ids. Nothing
// here names a plugin component, so IAgentRuntime (contract/) can extend this class; the
// classes above the contract add events, models, the registry, state and actions. Nothing
// here is request-scoped: per-message values travel in arguments.

import {
  type Character,
  characterAgentId,
  createConsoleLogger,
  createRedactor,
  DEFAULT_SECRET_SALT,
  type ElizaLogger,
  type Entity,
  type EventName,
  elizaSettingValue,
  jsonLogFormatOr,
  type Logger,
  type ParsedCharacter,
  type Redactor,
  type Room,
  randomUuid,
  redactingLogger,
  runtimeCharacter,
  type SettingCandidate,
  type SettingSource,
  type SettingValue,
  type StorageAdapter,
  type StorageOp,
  type StorageRead,
  type StorageReadResult,
  secretValues,
  setDeploymentSalt,
  settingCandidates,
  topSetting,
  type UUID,
  type World,
  writeSetting,
} from "../../kernel/index.ts";
import type { RateLimitStore } from "../limits/index.ts";
import { RunTracker } from "../runs/index.ts";
import {
  batchInChunks,
  type ConnectionParams,
  connectionOps,
  EnsuredConnections,
  ensureConnectionsOps,
} from "./connections.ts";
import { RuntimeDatabase } from "./database-rooms.ts";
import { elizaAdapterOf } from "./eliza-adapter.ts";
import { chooseStorage, type StorageChoice } from "./storage-option.ts";

export interface RuntimeBaseOptions extends StorageChoice {
  /**
   * The character, as createAgent parsed it or as elizaOS's constructor takes it (`{ name }`
   * and whatever else the caller has): kept as `runtime.character` either way.
   */
  character: ParsedCharacter | Character;
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

export abstract class RuntimeBase extends RuntimeDatabase {
  readonly character: ParsedCharacter;
  readonly logger: ElizaLogger;
  readonly now: () => number;
  /** elizaOS's `runtime.serverless`: ticks come from the host, never from a timer. */
  readonly serverless: boolean;
  /** Replaces secret values (tokens, keys, character secrets) in text bound for a log. */
  readonly redact: Redactor;
  /** Runs in progress and the log row each leaves (core/runtime/runs). */
  readonly runs: RunTracker;
  private readonly env: Record<string, unknown>;
  private readonly runtimeSettings: Record<string, unknown>;
  private readonly conversationLength: number | undefined;
  /** Connections known to exist, so a warm isolate skips re-ensuring them. */
  private readonly ensuredConnections = new EnsuredConnections();
  private lastStamp = 0;
  /** elizaOS's "current run": see startRun. */
  private currentRunId: UUID | undefined;

  constructor(options: RuntimeBaseOptions) {
    super(chooseStorage(options), options.agentId ?? characterAgentId(options.character));
    this.character = runtimeCharacter(options.character);
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
    // elizaOS's salt helpers (getSalt) take no runtime: they read the salt this agent uses.
    setDeploymentSalt(this.getSettingString("SECRET_SALT"));
  }

  /**
   * elizaOS's `runtime.adapter`: the elizaOS database adapter the runtime was given as
   * `adapter`, else eliza-edge's storage (which has elizaOS's adapter methods).
   */
  override get adapter(): StorageAdapter {
    return (elizaAdapterOf(this.storage) as StorageAdapter | undefined) ?? this.storage;
  }

  // --- settings -------------------------------------------------------------------------

  /**
   * elizaOS's getSetting in its documents' order: runtime (constructor) settings →
   * character.secrets → character.settings (and settings.secrets) → the env the target passed
   * in (an eliza-edge extension). "true" and "false" come back as booleans, numbers as
   * numbers, a missing key as null.
   */
  getSetting(key: string): SettingValue {
    return elizaSettingValue(
      topSetting({ character: this.character, runtime: this.runtimeSettings, env: this.env }, key),
    );
  }

  /** The same lookup as a string, for code that needs one: undefined when unset. */
  getSettingString(key: string): string | undefined {
    return topSetting(
      { character: this.character, runtime: this.runtimeSettings, env: this.env },
      key,
    )?.value;
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
    const found = topSetting(
      { character: this.character, runtime: this.runtimeSettings, env: this.env },
      key,
    );
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

  /**
   * How many recent messages a prompt shows: the constructor option, CONVERSATION_LENGTH, or
   * 32. Bound to this runtime: elizaOS plugins keep the function and call it on its own.
   */
  readonly getConversationLength = (): number => {
    if (this.conversationLength !== undefined) return this.conversationLength;
    const setting = Number(this.getSettingString("CONVERSATION_LENGTH"));
    return Number.isInteger(setting) && setting > 0 ? setting : DEFAULT_CONVERSATION_LENGTH;
  };

  /** Runs every handler of the event(s); the connections below announce what they join. */
  abstract emitEvent(
    event: EventName | EventName[],
    params?: Record<string, unknown>,
  ): Promise<void>;

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
    await this.ensuredConnections.ensure(this, params, extraOps, []);
  }

  /** ensureConnection, with `reads` answered in the same batch (a message's context). */
  ensureConnectionAndRead(
    params: ConnectionParams,
    extraOps: StorageOp[],
    reads: readonly StorageRead[],
  ): Promise<StorageReadResult[]> {
    return this.ensuredConnections.ensure(this, params, extraOps, reads);
  }

  ensureConnections(
    entities: Entity[],
    rooms: Room[],
    source: string,
    world: World,
  ): Promise<void> {
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
}

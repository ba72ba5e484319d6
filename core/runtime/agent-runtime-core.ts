// The agent runtime: one per character per isolate, shaped like elizaOS's AgentRuntime. It
// holds nothing request-scoped, so one instance serves concurrent requests without mixing
// their state: every per-message value (run id, state, responses) travels in arguments,
// never in fields. Each class of the stack adds one concern, bottom first: RuntimeBase
// (base/: the database methods, settings, connections, the run log), RuntimeEvents, RuntimeModels,
// RuntimeRegistry (plugins and services); this one adds state, actions, evaluators, task rows,
// embeddings, the prompt batcher and the message limits.
//
// Abstract: the message pipeline sits above the runtime, so the runtime declares what it
// needs of it (messageService, and the "task" service elizaOS has from the start) and the
// agent layer's AgentRuntime (core/agent/agent-runtime.ts) provides them.

import {
  BM25,
  type GenerateTextOptions,
  type GenerateTextResult,
  type Memory,
  type Task,
  type UUID,
} from "../kernel/index.ts";
import { actionResultsKey, runActions, runEvaluators } from "./actions/index.ts";
import {
  batcherDrainWorker,
  PromptBatcher,
  resolvePromptBatcherSettings,
} from "./batcher/index.ts";
import type {
  ActionResult,
  ActionRunOptions,
  ElizaMessageService,
  Evaluator,
  HandlerCallback,
  IAgentRuntime,
  State,
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
import { asRuntime } from "./runtime-events.ts";
import { type ProvidedServices, type RuntimeOptions, RuntimeRegistry } from "./runtime-registry.ts";
import { composeState, StateCache } from "./state/index.ts";
import { createTask, updateTask } from "./tasks/index.ts";

export type { ProvidedServices, RuntimeOptions } from "./runtime-registry.ts";

export abstract class AgentRuntimeCore extends RuntimeRegistry implements IAgentRuntime {
  /** States by message id, bounded (see state-cache.ts). */
  readonly stateCache: Map<string, State> = new StateCache();
  readonly fetch: typeof fetch;
  /** elizaOS's multi-agent host. Each eliza-edge runtime stands alone. */
  readonly elizaOS: undefined = undefined;
  /** elizaOS's message service: the pipeline's turn (core/pipeline/messages), provided above. */
  abstract readonly messageService: ElizaMessageService;
  /** Per-user and per-room message limits, counted in this process or isolate by default. */
  readonly messageLimiter: MessageRateLimiter;
  /** elizaOS's prompt batcher: small structured questions packed into shared model calls. */
  readonly promptBatcher: PromptBatcher<IAgentRuntime>;
  /**
   * elizaOS's flag: the agent takes autonomous steps on ticks (core/features/autonomy). From
   * the enableAutonomy option, else the ENABLE_AUTONOMY setting; off by default.
   */
  enableAutonomy: boolean;

  /**
   * `provided`: services that answer getService(type) from the start, built from this
   * runtime (the agent layer provides elizaOS's "task" service this way).
   */
  constructor(options: RuntimeOptions, provided: ProvidedServices = {}) {
    super(options, provided);
    // Bound, because workerd's fetch refuses to run with `this` set to another object.
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
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

  /** elizaOS's createTask: due when its tags and metadata say (core/runtime/tasks/due-time.ts). */
  override createTask(task: Omit<Task, "tags"> & { tags?: string[] }): Promise<UUID> {
    return createTask(asRuntime(this), { ...task, tags: task.tags ?? [] });
  }

  /** elizaOS's updateTask: a pause, resume or new schedule in the patch moves the due time. */
  override updateTask(id: UUID, task: Partial<Task>): Promise<void> {
    return updateTask(asRuntime(this), id, task);
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

  /** elizaOS's rerankMemories: the memories ordered by BM25 relevance to the query. */
  async rerankMemories(query: string, memories: Memory[]): Promise<Memory[]> {
    const bm25 = new BM25(memories.map((m) => ({ title: m.id, content: m.content?.text ?? "" })));
    return bm25.search(query, memories.length).map((hit) => memories[hit.index] as Memory);
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

  override async stop(): Promise<void> {
    this.promptBatcher.dispose();
    await super.stop();
  }
}

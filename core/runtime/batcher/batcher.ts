// runtime.promptBatcher: several small structured questions ("sections") answered by one
// model call per affinity group, as elizaOS's PromptBatcher. Sections are registered with
// askOnce / onDrain / askNow / think (idempotent by id) and answered at a drain:
// - askNow: right away (sections asked in the same moment share the call);
// - askOnce: right away too, so a caller awaiting it is not left until the next tick;
// - onDrain and think: at the group's next BATCHER_DRAIN task run (a tick), or, when a
//   post-turn evaluator asks, at the turn's shared drain (turn-window.ts).
// Sections live in memory in the isolate that registered them; nothing here keeps a timer.

import { describeError, type Memory } from "../../kernel/index.ts";
import { sectionCacheKey } from "./cache.ts";
import { type BatcherState, drainGroup } from "./drain.ts";
import { ensureDrainTask, removeDrainTask } from "./drain-task.ts";
import type { SectionOptions, ThinkOptions } from "./section-options.ts";
import { TurnWindow } from "./turn-window.ts";
import {
  BatcherDisposedError,
  type BatcherHost,
  type BatcherResult,
  type BatcherStats,
  type PromptBatcherSettings,
  type PromptSection,
  type SectionFields,
} from "./types.ts";

/** Messages kept per group for provider context and tick(): enough for a batch, bounded. */
const BUFFER_LIMIT = 64;
const SEEN_LIMIT = 1000;

export class PromptBatcher<R extends BatcherHost = BatcherHost> {
  private readonly state: BatcherState;
  private readonly seen = new Set<string>();
  private readonly locks = new Map<string, Promise<void>>();
  private readonly drainTasks = new Map<string, Promise<unknown>>();
  private readonly soon = new Set<string>();
  private readonly windows: TurnWindow[] = [];
  private disposed = false;

  constructor(
    private readonly runtime: R,
    readonly settings: PromptBatcherSettings,
  ) {
    this.state = {
      runtime,
      settings,
      sections: new Map(),
      pending: new Map(),
      buffers: new Map(),
      lastRunAt: new Map(),
      stats: {
        totalDrains: 0,
        totalCalls: 0,
        totalFallbacks: 0,
        totalCacheHits: 0,
        avgSectionsPerCall: 0,
      },
    };
  }

  private get sections(): Map<string, PromptSection> {
    return this.state.sections;
  }
  private get pending(): BatcherState["pending"] {
    return this.state.pending;
  }
  private get buffers(): Map<string, Memory[]> {
    return this.state.buffers;
  }

  /**
   * Registers a section. Resolves with its first answer ({fields, meta}), or null at once
   * when a section with this id is already pending (ids make registration idempotent).
   */
  addSection(section: PromptSection<R>): Promise<BatcherResult | null> {
    if (this.disposed) return Promise.reject(new BatcherDisposedError());
    if (!section || typeof section.id !== "string" || section.id.trim() === "") {
      return Promise.reject(new Error("PromptSection id must be a non-empty string"));
    }
    const rows = Array.isArray(section.schema) ? section.schema : [];
    if (rows.length === 0 || !rows.every((r) => typeof r?.field === "string" && r.field !== "")) {
      return Promise.reject(
        new Error(`PromptSection ${section.id} needs a schema of rows with a non-empty field`),
      );
    }
    if (this.sections.has(section.id)) return Promise.resolve(null);
    const normalized: PromptSection = {
      ...section,
      priority: section.priority ?? "normal",
      model: section.model ?? "small",
      affinityKey: section.affinityKey ?? "default",
      maxRetries: Math.max(0, Math.min(2, Math.floor(section.maxRetries ?? 0) || 0)),
    };
    this.sections.set(normalized.id, normalized);
    const promise = new Promise<BatcherResult | null>((resolve, reject) => {
      this.pending.set(normalized.id, { resolve, reject });
    });
    this.schedule(normalized);
    return promise;
  }

  removeSection(id: string): void {
    const section = this.sections.get(id);
    this.sections.delete(id);
    this.pending.get(id)?.resolve(null);
    this.pending.delete(id);
    this.state.lastRunAt.delete(id);
    if (section) this.dropEmptyGroup(section.affinityKey ?? "default");
  }

  /** A one-time question (startup artifacts): answered right away, fields only. */
  askOnce(id: string, opts: SectionOptions<R>): Promise<SectionFields> {
    return this.addSection({
      ...sectionFrom(id, opts),
      frequency: "once",
      priority: "background",
      affinityKey: "init",
    }).then((r) => r?.fields ?? {});
  }

  /** A question answered at the next drain of its group (a room's, with `room`). */
  onDrain<T = SectionFields>(
    id: string,
    opts: SectionOptions<R> & { onResult?: PromptSection["onResult"] },
  ): Promise<BatcherResult<T> | null> {
    return this.addSection({
      ...sectionFrom(id, opts),
      frequency: "per-drain",
      priority: "normal",
      onResult: opts.onResult,
    }) as Promise<BatcherResult<T> | null>;
  }

  /** A question the caller needs now: drained at once; the fallback when unanswerable. */
  askNow(
    id: string,
    opts: SectionOptions<R> & { fallback: SectionFields },
  ): Promise<SectionFields> {
    return this.addSection({
      ...sectionFrom(id, opts),
      frequency: "once",
      priority: "immediate",
    }).then((r) => r?.fields ?? { ...opts.fallback });
  }

  /** A recurring question in the "autonomy" group, answered at drains at most every minCycleMs. */
  think(id: string, opts: ThinkOptions<R>): void {
    this.addSection({
      ...sectionFrom(id, opts),
      frequency: "recurring",
      priority: "normal",
      affinityKey: "autonomy",
      contextBuilder: opts.contextBuilder,
      onResult: opts.onResult,
      minCycleMs: opts.minCycleMs,
    }).catch((error) =>
      this.runtime.logger.warn("prompt batcher: think failed", {
        sectionId: id,
        error: describeError(error),
      }),
    );
  }

  /** Buffers a message for its groups; a group whose buffer reaches batchSize drains. */
  tick(message?: Memory): void {
    if (this.disposed || !message) return;
    for (const key of this.bufferMessage(message)) {
      if (
        (this.buffers.get(key)?.length ?? 0) >= this.settings.batchSize &&
        this.hasSections(key)
      ) {
        this.drainSoon(key);
      }
    }
  }

  /**
   * eliza-edge: the message loop opens a window around a turn's post evaluators, so the
   * sections they register share one drain (see turn-window.ts).
   */
  openTurn(message: Memory, evaluators: number): { settle(): void; close(): Promise<void> } {
    this.bufferMessage(message);
    const affinities = new Set(["default", `room:${message.roomId}`]);
    const window = new TurnWindow(affinities, evaluators, async (groups) => {
      await Promise.all(groups.map((g) => this.drainAffinityGroup(g)));
    });
    this.windows.push(window);
    return {
      settle: () => window.settle(),
      close: async () => {
        try {
          await window.close();
        } finally {
          this.windows.splice(this.windows.indexOf(window), 1);
        }
      },
    };
  }

  /** Drains every group that has sections. */
  async drain(): Promise<void> {
    const keys = new Set([...this.sections.values()].map((s) => s.affinityKey ?? "default"));
    await Promise.allSettled([...keys].map((key) => this.drainAffinityGroup(key)));
  }

  /** Drains one group; drains of one group never overlap (the next waits for the last). */
  drainAffinityGroup(affinityKey: string): Promise<void> {
    const previous = this.locks.get(affinityKey) ?? Promise.resolve();
    const run = previous.then(() => this.drainUnlocked(affinityKey));
    const tail = run.catch(() => {});
    this.locks.set(affinityKey, tail);
    void tail.then(() => {
      if (this.locks.get(affinityKey) === tail) this.locks.delete(affinityKey);
    });
    return run;
  }

  /** The group's drain task interval: maxDrainIntervalMs, or a recurring section's shorter cycle. */
  getIdealTickInterval(affinityKey: string): number {
    let interval = this.settings.maxDrainIntervalMs;
    for (const s of this.sections.values()) {
      if ((s.affinityKey ?? "default") !== affinityKey || s.frequency !== "recurring") continue;
      if (s.minCycleMs && s.minCycleMs > 0) interval = Math.min(interval, s.minCycleMs);
    }
    return interval;
  }

  getSectionCountForAffinity(affinityKey: string): number {
    let count = 0;
    for (const s of this.sections.values())
      if ((s.affinityKey ?? "default") === affinityKey) count++;
    return count;
  }

  /** Forgets a section's cached answer (cacheTtlMs). */
  async invalidateCache(sectionId: string): Promise<void> {
    await this.runtime.storage.deleteCache(sectionCacheKey(this.runtime, sectionId));
  }

  getStats(): BatcherStats {
    return { ...this.state.stats };
  }

  /** Rejects every pending section with BatcherDisposedError; later registrations reject too. */
  dispose(): void {
    this.disposed = true;
    for (const p of this.pending.values()) p.reject(new BatcherDisposedError());
    this.pending.clear();
    this.sections.clear();
    this.buffers.clear();
  }

  /** The BATCHER_DRAIN worker removed this group's task. */
  forgetDrainTask(affinityKey: string): void {
    this.drainTasks.delete(affinityKey);
  }

  // --- scheduling -----------------------------------------------------------------------

  private schedule(section: PromptSection): void {
    const key = section.affinityKey ?? "default";
    const window =
      section.priority !== "immediate" && section.frequency !== "recurring"
        ? // Any open turn takes it, its own groups' first: an evaluator asking about another
          // room must not wait for a tick while the turn waits for it.
          (this.windows.findLast((w) => w.affinities.has(key)) ?? this.windows.at(-1))
        : undefined;
    if (window) window.register(section.id, key);
    else if (section.priority === "immediate" || section.frequency === "once") this.drainSoon(key);
    else this.ensureTask(key, section.frequency === "recurring");
  }

  /** Drains the group after the current synchronous run, so sections asked together pack. */
  private drainSoon(key: string): void {
    if (this.soon.has(key)) return;
    this.soon.add(key);
    void Promise.resolve()
      .then(() => {
        this.soon.delete(key);
        return this.drainAffinityGroup(key);
      })
      .catch((error) =>
        this.runtime.logger.warn("prompt batcher: drain failed", {
          affinityKey: key,
          error: describeError(error),
        }),
      );
  }

  private ensureTask(key: string, resync: boolean): void {
    if (this.drainTasks.has(key) && !resync) return;
    const interval = this.getIdealTickInterval(key);
    const task = ensureDrainTask(this.runtime, key, interval).catch((error) => {
      this.drainTasks.delete(key);
      this.runtime.logger.warn("prompt batcher: could not create the drain task", {
        affinityKey: key,
        error: describeError(error),
      });
    });
    this.drainTasks.set(key, task);
  }

  private dropEmptyGroup(key: string): void {
    if (this.hasSections(key) || !this.drainTasks.has(key)) return;
    this.drainTasks.delete(key);
    removeDrainTask(this.runtime, key).catch((error) =>
      this.runtime.logger.warn("prompt batcher: could not remove the drain task", {
        affinityKey: key,
        error: describeError(error),
      }),
    );
  }

  private hasSections(key: string): boolean {
    return this.getSectionCountForAffinity(key) > 0;
  }

  private bufferMessage(message: Memory): string[] {
    const keys = ["default", `room:${message.roomId}`];
    const id = message.id ?? "";
    if (id && this.seen.has(id)) return keys;
    if (id) {
      this.seen.add(id);
      if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.values().next().value as string);
    }
    for (const key of keys) {
      const buffer = this.buffers.get(key) ?? [];
      buffer.push(message);
      if (buffer.length > BUFFER_LIMIT) buffer.shift();
      this.buffers.set(key, buffer);
    }
    return keys;
  }

  // --- draining ------------------------------------------------------------------------

  private async drainUnlocked(key: string): Promise<void> {
    if (this.disposed) return;
    await drainGroup(this.state, key);
    this.dropEmptyGroup(key);
  }
}

function sectionFrom(id: string, opts: SectionOptions): PromptSection {
  return {
    id,
    frequency: "once",
    preamble: opts.preamble,
    schema: opts.schema,
    providers: opts.providers,
    model: opts.model,
    affinityKey: opts.room ? `room:${opts.room}` : undefined,
    fallback: opts.fallback ? () => ({ ...opts.fallback }) : undefined,
    shouldRun: opts.shouldRun,
    validate: opts.validate,
    maxRetries: opts.maxRetries,
    execOptions: opts.execOptions,
    isolated: opts.isolated,
    cacheTtlMs: opts.cacheTtlMs,
    forceRegenerate: opts.forceRegenerate,
  };
}

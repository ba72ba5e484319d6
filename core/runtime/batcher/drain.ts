// One drain of one affinity group: the due sections' contexts resolved, packed into calls,
// answered, each answer validated on its own; a section answered badly is retried alone (up
// to its maxRetries) and then gets its fallback, without touching the others.

import { describeError, type Memory } from "../../kernel/index.ts";
import { readCachedAnswer, writeCachedAnswer } from "./cache.ts";
import { ContextResolver } from "./context.ts";
import { type CallRecord, dispatchCalls } from "./dispatch.ts";
import { planCalls } from "./pack.ts";
import type {
  BatcherHost,
  BatcherResult,
  BatcherStats,
  CallPlan,
  DrainMeta,
  PromptBatcherSettings,
  PromptSection,
  ResolvedSection,
  SectionFields,
} from "./types.ts";

export interface Pending {
  resolve(result: BatcherResult | null): void;
  reject(error: unknown): void;
}

/** The batcher's registry, which drains read and update. */
export interface BatcherState {
  readonly runtime: BatcherHost;
  readonly settings: PromptBatcherSettings;
  readonly sections: Map<string, PromptSection>;
  readonly pending: Map<string, Pending>;
  readonly buffers: Map<string, Memory[]>;
  readonly lastRunAt: Map<string, number>;
  readonly stats: BatcherStats;
}

export async function drainGroup(state: BatcherState, key: string): Promise<void> {
  const now = state.runtime.now();
  const due: PromptSection[] = [];
  for (const section of state.sections.values()) {
    if ((section.affinityKey ?? "default") !== key) continue;
    if (section.frequency === "recurring" && !cycleDue(state, section, now)) continue;
    if (section.shouldRun && !(await shouldRun(state, section))) continue;
    due.push(section);
  }
  if (due.length === 0) return;
  state.stats.totalDrains++;
  const drainId = `${key}-${now}`;
  await deliverCached(state, due, drainId, now);
  if (due.length === 0) return;
  const messages = [...(state.buffers.get(key) ?? [])];
  const resolver = new ContextResolver(state.runtime, messages);
  const resolved = await Promise.all(due.map((s) => resolver.resolve(s)));
  const plans = planCalls(resolved, state.settings);
  const first = await dispatchCalls(state.runtime, plans, state.settings.maxParallelCalls);
  record(state, first.calls);
  await Promise.all(
    resolved.map(async (r) => {
      const plan = plans.find((p) => p.sections.includes(r)) as CallPlan;
      let fields = validated(state, r.section, first.results.get(r.section.id));
      let attempt = 0;
      while (!fields && attempt < (r.section.maxRetries ?? 0)) {
        attempt++;
        const retry = await dispatchCalls(state.runtime, [single(r, plan)], 1, true);
        record(state, retry.calls);
        fields = validated(state, r.section, retry.results.get(r.section.id));
      }
      const meta: DrainMeta = {
        drainId,
        timestamp: now,
        messages,
        sectionId: r.section.id,
        actualModel: plan.model,
        packedWith: plan.sections.map((s) => s.section.id).filter((id) => id !== r.section.id),
        retryAttempt: attempt,
        fallbackUsed: !fields,
        cacheHit: false,
      };
      if (fields) await writeCachedAnswer(state.runtime, r.section, fields);
      await deliver(state, r.section, fields ?? r.section.fallback?.() ?? {}, meta, now);
    }),
  );
  const drained = new Set(messages);
  const buffer = state.buffers.get(key);
  if (buffer)
    state.buffers.set(
      key,
      buffer.filter((m) => !drained.has(m)),
    );
}

/** Delivers the sections with a valid cached answer and takes them out of `due`. */
async function deliverCached(
  state: BatcherState,
  due: PromptSection[],
  drainId: string,
  now: number,
): Promise<void> {
  const cached = await Promise.all(
    due.map(async (s) => validated(state, s, await readCachedAnswer(state.runtime, s))),
  );
  const hits = due.filter((_, i) => cached[i]);
  const fields = cached.filter((f): f is SectionFields => !!f);
  due.splice(0, due.length, ...due.filter((_, i) => !cached[i]));
  state.stats.totalCacheHits += hits.length;
  await Promise.all(
    hits.map((section, i) =>
      deliver(
        state,
        section,
        fields[i] as SectionFields,
        {
          drainId,
          timestamp: now,
          messages: [],
          sectionId: section.id,
          actualModel: section.model ?? "small",
          packedWith: [],
          retryAttempt: 0,
          fallbackUsed: false,
          cacheHit: true,
        },
        now,
      ),
    ),
  );
}

function cycleDue(state: BatcherState, section: PromptSection, now: number): boolean {
  const last = state.lastRunAt.get(section.id);
  return last === undefined || !section.minCycleMs || now - last >= section.minCycleMs;
}

async function shouldRun(state: BatcherState, section: PromptSection): Promise<boolean> {
  try {
    return (await section.shouldRun?.(state.runtime)) !== false;
  } catch (error) {
    state.runtime.logger.warn("prompt batcher: shouldRun threw; section skipped", {
      sectionId: section.id,
      error: describeError(error),
    });
    return false;
  }
}

function validated(
  state: BatcherState,
  section: PromptSection,
  fields: SectionFields | null | undefined,
): SectionFields | null {
  if (!fields) return null;
  if (!section.validate) return fields;
  try {
    return section.validate(fields);
  } catch (error) {
    state.runtime.logger.warn("prompt batcher: validate threw", {
      sectionId: section.id,
      error: describeError(error),
    });
    return null;
  }
}

async function deliver(
  state: BatcherState,
  section: PromptSection,
  fields: SectionFields,
  meta: DrainMeta,
  now: number,
): Promise<void> {
  if (meta.fallbackUsed) state.stats.totalFallbacks++;
  const pending = state.pending.get(section.id);
  if (section.frequency === "recurring") {
    state.lastRunAt.set(section.id, now);
    state.pending.delete(section.id);
  } else if (state.sections.get(section.id) === section) {
    state.sections.delete(section.id);
    state.pending.delete(section.id);
  }
  try {
    await section.onResult?.(fields, meta);
  } catch (error) {
    state.runtime.logger.warn("prompt batcher: onResult failed", {
      sectionId: section.id,
      error: describeError(error),
    });
    pending?.reject(error);
    return;
  }
  pending?.resolve({ fields, meta });
}

function record(state: BatcherState, calls: CallRecord[]): void {
  if (calls.length === 0) return;
  const answered = calls.reduce((n, c) => n + c.sectionIds.length, 0);
  const before = state.stats.totalCalls;
  state.stats.totalCalls += calls.length;
  state.stats.avgSectionsPerCall =
    (state.stats.avgSectionsPerCall * before + answered) / state.stats.totalCalls;
}

function single(r: ResolvedSection, plan: CallPlan): CallPlan {
  return { sections: [r], model: plan.model, estimatedTokens: r.estimatedTokens };
}

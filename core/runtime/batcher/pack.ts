// Packing sections into model calls. Only sections of one affinity group and one priority
// share a call (a room's evaluators, not a room with another room); within that, first-fit
// decreasing by estimated tokens under the call's budget and section count. A section larger
// than the budget on its own gets a call to itself rather than crowding the others out.
import type {
  CallPlan,
  PromptBatcherSettings,
  ResolvedSection,
  SectionModel,
  SectionPriority,
} from "./types.ts";

const PRIORITIES: SectionPriority[] = ["immediate", "normal", "background"];

/** Tokens in a text, estimated as elizaOS does: four characters a token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The token budget of one packed call. */
export function packingLimit(settings: PromptBatcherSettings): number {
  return Math.max(1, Math.floor(settings.maxTokensPerCall * settings.packingDensity));
}

export function planCalls(
  sections: ResolvedSection[],
  settings: PromptBatcherSettings,
): CallPlan[] {
  const plans: CallPlan[] = [];
  const byAffinity = groupBy(sections, (s) => s.section.affinityKey ?? "default");
  for (const group of byAffinity.values()) {
    for (const priority of PRIORITIES) {
      const prioritized = group.filter((s) => (s.section.priority ?? "normal") === priority);
      for (const { model, members } of splitByModel(prioritized, settings.modelSeparation)) {
        plans.push(...pack(members, model, settings));
      }
    }
  }
  return plans;
}

function pack(
  members: ResolvedSection[],
  model: SectionModel,
  settings: PromptBatcherSettings,
): CallPlan[] {
  const limit = packingLimit(settings);
  const plans: CallPlan[] = [];
  const bins: CallPlan[] = [];
  const sorted = [...members].sort((a, b) => b.estimatedTokens - a.estimatedTokens);
  for (const item of sorted) {
    if (item.section.isolated || item.estimatedTokens > limit) {
      plans.push({ sections: [item], model, estimatedTokens: item.estimatedTokens });
      continue;
    }
    const bin = bins.find(
      (b) =>
        b.sections.length < settings.maxSectionsPerCall &&
        b.estimatedTokens + item.estimatedTokens <= limit,
    );
    if (bin) {
      bin.sections.push(item);
      bin.estimatedTokens += item.estimatedTokens;
    } else {
      bins.push({ sections: [item], model, estimatedTokens: item.estimatedTokens });
    }
  }
  return [...plans, ...bins];
}

/**
 * Small-model and large-model sections go to separate calls, unless the small ones are a
 * minority below (1 - modelSeparation): then the large model answers them all in one call.
 */
function splitByModel(
  sections: ResolvedSection[],
  separation: number,
): { model: SectionModel; members: ResolvedSection[] }[] {
  const small = sections.filter((s) => (s.section.model ?? "small") === "small");
  const large = sections.filter((s) => s.section.model === "large");
  if (large.length === 0) return small.length ? [{ model: "small", members: small }] : [];
  if (small.length === 0) return [{ model: "large", members: large }];
  if (small.length / sections.length < 1 - separation) {
    return [{ model: "large", members: [...large, ...small] }];
  }
  return [
    { model: "large", members: large },
    { model: "small", members: small },
  ];
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k) ?? [];
    list.push(item);
    groups.set(k, list);
  }
  return groups;
}

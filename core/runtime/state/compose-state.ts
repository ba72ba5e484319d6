// composeState, shaped as elizaOS's: the message's state is cached by message id. Unlike
// elizaOS, a later call for the same message reuses the default providers it already composed
// and runs only the ones it names or has not composed yet (the planner's extra providers cost
// their own work only, not a second round of the default providers' reads).
// Providers run in parallel, each given the state composed so far. eliza-edge keeps two extras
// its templates read: each provider's text under its own name in `values`, and texts joined
// by a blank line.

import { describeError, type Memory } from "../../kernel/index.ts";
import type { IAgentRuntime, Provider, ProviderResult, State } from "../contract/index.ts";
import { providerIndex } from "./provider-index.ts";

/** What `state.data.providers[NAME]` holds: the provider's result and its name. */
export type ProviderResults = Record<string, ProviderResult & { providerName: string }>;

const emptyState = (): State => ({ values: {}, data: {}, text: "" });
const upper = (name: string) => name.toUpperCase();

/**
 * Which providers run: with `onlyInclude`, the named ones only; otherwise every provider that
 * is neither private nor dynamic, plus the named ones. Names match case-insensitively.
 */
export function selectProviders(
  providers: readonly Provider[],
  includeList: readonly string[] | null,
  onlyInclude: boolean,
): Provider[] {
  // The usual call names none: the default selection, worked out once per provider set.
  if (!includeList?.length) return providerIndex(providers).defaults.slice();
  const wanted = new Set(includeList.map(upper));
  const only = onlyInclude && wanted.size > 0;
  return providers
    .filter((p) => {
      const named = wanted.has(upper(p.name));
      return only ? named : named || (!p.private && !p.dynamic);
    })
    .sort(byPosition);
}

function byPosition(a: { position?: number }, b: { position?: number }): number {
  return (a.position ?? 0) - (b.position ?? 0);
}

/**
 * Without `onlyInclude`, a default provider already in this message's cached state is not run
 * again, while a provider the caller names always runs (it asks for a fresh result, e.g. the
 * conversation after the reply was stored); with it, the named providers run anew and the text holds theirs only (as elizaOS). The text
 * and values are built from every result composed for the message, cached and fresh, in
 * provider position order. `skipCache` starts from nothing. A failing provider is logged and
 * left out (it is tried again by the next call); it never fails the message.
 */
export async function composeState(
  runtime: IAgentRuntime,
  message: Memory,
  includeList: string[] | null = null,
  onlyInclude = false,
  skipCache = false,
): Promise<State> {
  const cached = (!skipCache && message.id && runtime.stateCache.get(message.id)) || emptyState();
  const cachedResults = (cached.data.providers ?? {}) as ProviderResults;
  const only = onlyInclude && (includeList?.length ?? 0) > 0;
  const selected = selectProviders(runtime.providers, includeList, onlyInclude);
  const composed = new Set(Object.keys(cachedResults).map(upper));
  const named = new Set((includeList ?? []).map(upper));
  const toRun = only
    ? selected
    : selected.filter((p) => named.has(upper(p.name)) || !composed.has(upper(p.name)));
  const fresh = await Promise.all(
    toRun.map(async (provider) => {
      try {
        return await provider.get(runtime, message, cached);
      } catch (error) {
        runtime.logger.warn(`provider ${provider.name} failed`, { error: describeError(error) });
        return undefined;
      }
    }),
  );

  const results: ProviderResults = { ...cachedResults };
  const data: Record<string, unknown> = { ...cached.data };
  toRun.forEach((provider, i) => {
    const result = fresh[i];
    if (!result) return;
    results[provider.name] = { ...result, providerName: provider.name };
    if (result.data) data[provider.name] = result.data;
  });

  const values: Record<string, unknown> = { ...cached.values };
  const texts: string[] = [];
  const shown = new Set((only ? selected : []).map((p) => p.name));
  for (const name of inPositionOrder(runtime.providers, results)) {
    const result = results[name] as ProviderResult;
    const text = typeof result.text === "string" && result.text.trim() !== "" ? result.text : "";
    if (text) {
      values[name] = text;
      if (!only || shown.has(name)) texts.push(text);
    }
    // A provider's own values win over the text kept under its name.
    Object.assign(values, result.values ?? {});
  }
  const text = texts.join("\n\n");
  const state: State = {
    values: { ...values, providers: text },
    data: { ...data, providers: results },
    text,
  };
  if (message.id) runtime.stateCache.set(message.id, state);
  return state;
}

/** The names of `results`, ordered by their provider's position (an unknown name counts 0). */
function inPositionOrder(providers: readonly Provider[], results: ProviderResults): string[] {
  const position = providerIndex(providers).positions;
  const names = Object.keys(results);
  // Usually in order already (the providers ran in position order): nothing to sort.
  let sorted = true;
  for (let i = 1; i < names.length && sorted; i++) {
    sorted = (position.get(names[i - 1]!) ?? 0) <= (position.get(names[i]!) ?? 0);
  }
  if (sorted) return names;
  return names
    .map((name, index) => ({ name, index, position: position.get(name) ?? 0 }))
    .sort((a, b) => a.position - b.position || a.index - b.index)
    .map((r) => r.name);
}

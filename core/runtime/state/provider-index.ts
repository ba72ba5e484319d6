// What a turn reads of the registered providers more than once (their order by position,
// which ones run by default, which say their text is stable), worked out once per set of
// providers instead of on every composeState and prompt. The set is checked on every use, so a
// provider registered or changed later is seen at once.
import type { Provider } from "../contract/index.ts";

export interface ProviderIndex {
  /** Each name's position (the last provider of a name wins, as a Map built in order does). */
  positions: ReadonlyMap<string, number>;
  /** The providers composeState runs when none is named: not private, not dynamic, by position. */
  defaults: readonly Provider[];
  /** Names whose every provider is marked `stable`. */
  stableNames: ReadonlySet<string>;
}

interface Entry {
  index: ProviderIndex;
  /** What the index was built from, field by field, to tell when it no longer holds. */
  seen: { provider: Provider; fields: unknown[] }[];
}

const built = new WeakMap<readonly Provider[], Entry>();

const fieldsOf = (p: Provider): unknown[] => [p.name, p.position, p.private, p.dynamic, p.stable];

function holds(entry: Entry, providers: readonly Provider[]): boolean {
  if (entry.seen.length !== providers.length) return false;
  for (let i = 0; i < providers.length; i++) {
    const p = providers[i]!;
    const seen = entry.seen[i]!;
    if (seen.provider !== p) return false;
    const f = seen.fields;
    if (
      f[0] !== p.name ||
      f[1] !== p.position ||
      f[2] !== p.private ||
      f[3] !== p.dynamic ||
      f[4] !== p.stable
    ) {
      return false;
    }
  }
  return true;
}

export function providerIndex(providers: readonly Provider[]): ProviderIndex {
  const cached = built.get(providers);
  if (cached && holds(cached, providers)) return cached.index;
  const stable = new Map<string, boolean>();
  for (const p of providers) stable.set(p.name, (stable.get(p.name) ?? true) && p.stable === true);
  const index: ProviderIndex = {
    positions: new Map(providers.map((p) => [p.name, p.position ?? 0])),
    defaults: providers
      .filter((p) => !p.private && !p.dynamic)
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0)),
    stableNames: new Set([...stable].filter(([, yes]) => yes).map(([name]) => name)),
  };
  built.set(providers, {
    index,
    seen: providers.map((provider) => ({ provider, fields: fieldsOf(provider) })),
  });
  return index;
}

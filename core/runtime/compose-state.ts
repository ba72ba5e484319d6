// composeState as elizaOS does it: providers run in parallel, each given the message's state
// composed so far (the state cache, keyed by message id), and their results are merged over
// it. eliza-edge keeps two extras its templates read: each provider's text under its own name
// in `values`, and texts joined by a blank line.
import { describeError } from "../describe-error.ts";
import type { Provider, ProviderResult, State } from "../plugin.ts";
import type { Memory } from "../types.ts";
import type { AgentRuntime } from "./agent-runtime.ts";

type ProviderResults = Record<string, ProviderResult & { providerName: string }>;

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
  const wanted = new Set((includeList ?? []).map(upper));
  const only = onlyInclude && wanted.size > 0;
  return providers
    .filter((p) => {
      const named = wanted.has(upper(p.name));
      return only ? named : named || (!p.private && !p.dynamic);
    })
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
}

/** A failing provider is logged and left out; it never fails the message. */
export async function composeState(
  runtime: AgentRuntime,
  message: Memory,
  includeList: string[] | null = null,
  onlyInclude = false,
  skipCache = false,
): Promise<State> {
  const cached = (!skipCache && message.id && runtime.stateCache.get(message.id)) || emptyState();
  const selected = selectProviders(runtime.providers, includeList, onlyInclude);
  const fresh = await Promise.all(
    selected.map(async (provider) => {
      try {
        return await provider.get(runtime, message, cached);
      } catch (error) {
        runtime.logger.warn(`provider ${provider.name} failed`, { error: describeError(error) });
        return undefined;
      }
    }),
  );
  const results: ProviderResults = { ...(cached.data.providers as ProviderResults | undefined) };
  const values: Record<string, unknown> = { ...cached.values };
  const data: Record<string, unknown> = { ...cached.data };
  const texts: string[] = [];
  selected.forEach((provider, i) => {
    const result = fresh[i];
    if (!result) return;
    results[provider.name] = { ...result, providerName: provider.name };
    if (typeof result.text === "string" && result.text.trim() !== "") {
      values[provider.name] = result.text;
      texts.push(result.text);
    }
    // A provider's own values win over the text kept under its name.
    Object.assign(values, result.values ?? {});
    if (result.data) data[provider.name] = result.data;
  });
  const text = texts.join("\n\n");
  const state: State = {
    values: { ...values, providers: text },
    data: { ...data, providers: results },
    text,
  };
  if (message.id) runtime.stateCache.set(message.id, state);
  return state;
}

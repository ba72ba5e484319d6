// Walks every action, provider, evaluator, event handler and service of published elizaOS
// plugins against a runtime that has them registered, over a seeded scene (elizaos-scene.ts),
// and reports per item whether it ran. Web-standard, so the same walk runs on Node (PGlite) and in workerd (D1).
//
// "ran" means: no exception, nothing in what it returned or logged that says our runtime lacks
// something (`x is not a function`, `Cannot read properties of undefined`, ...; plugins catch
// and log most errors, so a silent-looking item can still have hit a missing method), and for
// an action handler, a result returned or a callback made.
import type {
  Action,
  Content,
  IAgentRuntime,
  Memory,
  Plugin,
  Service,
  State,
  UUID,
} from "@elizaos/core";
import { describeThrown, missingSurface } from "./elizaos-capture.ts";
import { eventHandlers, walkEvents } from "./elizaos-event-walk.ts";
import {
  attempt,
  type MatrixItem,
  type MatrixKind,
  oneLine,
  recorder,
} from "./elizaos-matrix-item.ts";
import { type Scene, seedScene } from "./elizaos-scene.ts";

export type { MatrixItem, MatrixKind } from "./elizaos-matrix-item.ts";

/** What a plugin holds, counted from the object walked (the walk must cover all of it). */
export interface PluginInventory {
  name: string;
  actions: number;
  providers: number;
  evaluators: number;
  /** Event handlers, summed over the plugin's event names. */
  events: number;
  services: number;
}

export interface MatrixReport {
  plugins: PluginInventory[];
  items: MatrixItem[];
  ok: number;
  failing: number;
}

/** One line per item that did not run, naming it: "bootstrap provider ROLES: ...". */
export function failures(report: MatrixReport): string[] {
  return report.items
    .filter((item) => !item.ok)
    .map((item) => `${item.plugin} ${item.kind} ${item.name}: ${item.error}`);
}

interface Context {
  label: "group" | "DM";
  message: Memory;
  state: State;
}

type ServiceClass = NonNullable<Plugin["services"]>[number];

export async function runPluginMatrix(
  runtime: IAgentRuntime,
  plugins: Plugin[],
): Promise<MatrixReport> {
  const scene = await seedScene(runtime);
  const items: MatrixItem[] = [];
  const stateFailures = new Set<string>();
  const contexts = async (): Promise<Context[]> => {
    const made: Context[] = [];
    for (const [label, message] of [
      ["group", scene.groupMessage],
      ["DM", scene.dmMessage],
    ] as const) {
      const composed = await contextOf(runtime, label, message);
      made.push(composed.context);
      // Reported once per distinct failure; the items still run, on an empty state.
      if (composed.failure && !stateFailures.has(composed.failure.error ?? "")) {
        stateFailures.add(composed.failure.error ?? "");
        items.push(composed.failure);
      }
    }
    return made;
  };

  for (const plugin of plugins) {
    for (const action of plugin.actions ?? []) {
      items.push(...(await walkAction(runtime, plugin.name, action, await contexts(), scene)));
    }
    // Providers only read, so they share one state per room; actions get a fresh one each.
    const readContexts = plugin.providers?.length ? await contexts() : [];
    for (const provider of plugin.providers ?? []) {
      for (const context of readContexts) {
        items.push(
          await attempt(
            plugin.name,
            "provider",
            `${provider.name} in ${context.label}`,
            async () => {
              const result = await provider.get(runtime, context.message, context.state);
              if (!result || typeof result !== "object") {
                throw new Error(`get returned ${String(result)}, not a ProviderResult`);
              }
              return `text: ${oneLine(String(result.text ?? ""), 300)}`;
            },
          ),
        );
      }
    }
    for (const evaluator of plugin.evaluators ?? []) {
      const [group] = await contexts();
      if (!group) continue;
      items.push(
        await attempt(plugin.name, "evaluator validate", evaluator.name, async () =>
          String(await evaluator.validate(runtime, group.message, group.state)),
        ),
        await attempt(plugin.name, "evaluator handler", evaluator.name, async () => {
          const recorded: Content[] = [];
          await evaluator.handler(runtime, group.message, group.state, {}, recorder(recorded), []);
          return `callbacks: ${recorded.length}`;
        }),
      );
    }
    items.push(...(await walkEvents(runtime, plugin, scene)));
  }
  // Services last: stopping them must not take anything from the items above.
  for (const plugin of plugins) {
    for (const serviceClass of plugin.services ?? []) {
      items.push(...(await walkService(runtime, plugin.name, serviceClass)));
    }
  }
  const ok = items.filter((item) => item.ok).length;
  const inventory = plugins.map((plugin) => ({
    name: plugin.name,
    actions: plugin.actions?.length ?? 0,
    providers: plugin.providers?.length ?? 0,
    evaluators: plugin.evaluators?.length ?? 0,
    events: eventHandlers(plugin).length,
    services: plugin.services?.length ?? 0,
  }));
  return { plugins: inventory, items, ok, failing: items.length - ok };
}

async function contextOf(
  runtime: IAgentRuntime,
  label: Context["label"],
  message: Memory,
): Promise<{ context: Context; failure?: MatrixItem }> {
  let state: State = { values: {}, data: {}, text: "" };
  // Fresh state per item, as elizaOS composes it before validating and running actions.
  const item = await attempt("runtime", "compose state", `composeState in ${label}`, async () => {
    state = await runtime.composeState(message, undefined, false, true);
    return `${Object.keys(state.values ?? {}).length} values`;
  });
  return { context: { label, message, state }, ...(item.ok ? {} : { failure: item }) };
}

/**
 * validate in the group room, then in the DM if the group said no; the handler runs where
 * validate said yes (the group when neither did, so every handler runs at least once).
 */
async function walkAction(
  runtime: IAgentRuntime,
  pluginName: string,
  action: Action,
  contexts: Context[],
  scene: Scene,
): Promise<MatrixItem[]> {
  const items: MatrixItem[] = [];
  let chosen: Context | undefined;
  const verdicts: string[] = [];
  const validate = await attempt(pluginName, "action validate", action.name, async () => {
    for (const context of contexts) {
      const valid = await action.validate(runtime, context.message, context.state);
      verdicts.push(`${context.label}: ${valid}`);
      if (valid) {
        chosen = context;
        break;
      }
    }
    return verdicts.join(", ");
  });
  items.push(validate);
  const context = chosen ?? contexts[0];
  if (!context) return items;
  items.push(
    await attempt(pluginName, "action handler", `${action.name} in ${context.label}`, async () => {
      const recorded: Content[] = [];
      const planned: Memory = {
        id: crypto.randomUUID() as UUID,
        entityId: runtime.agentId,
        agentId: runtime.agentId,
        roomId: context.message.roomId,
        worldId: scene.worldId,
        content: { thought: "planned by the matrix", actions: [action.name], providers: [] },
        createdAt: Date.now(),
      };
      const result = await action.handler(
        runtime,
        context.message,
        context.state,
        {},
        recorder(recorded),
        [planned],
      );
      if (result === undefined && recorded.length === 0) {
        throw new Error("handler neither returned a result nor called back");
      }
      const returned = result
        ? `success ${String(result.success)}${result.text ? `, "${oneLine(result.text)}"` : ""}`
        : "no result";
      const found = result?.error ? missingSurface(describeThrown(result.error)) : undefined;
      if (found) throw new Error(`returned error: ${found}`);
      return `${returned}; callbacks: ${recorded.map((c) => JSON.stringify(oneLine(c.text ?? ""))).join(" | ")}`;
    }),
  );
  return items;
}

/**
 * Service types eliza-edge answers with its own stand-in, for a serverless reason the README
 * gives ("Bringing an elizaOS agent", Services). Anything else must be the plugin's class.
 */
const REPLACED_ON_SERVERLESS: Record<string, string> = {
  task: "tasks run from runDueTasks() on the platform's cron tick, not a one-second timer",
};

async function walkService(
  runtime: IAgentRuntime,
  pluginName: string,
  serviceClass: ServiceClass,
): Promise<MatrixItem[]> {
  const type = serviceClass.serviceType;
  let service: Service | null = null;
  const start = await attempt(pluginName, "service start", type, async () => {
    const found: Service | null = runtime.getService(type) ?? (await loaded(runtime, type));
    service = found;
    if (!found) throw new Error(`runtime.getService("${type}") is null after start`);
    if (found instanceof serviceClass) return found.capabilityDescription;
    const replaced = REPLACED_ON_SERVERLESS[type];
    if (!replaced) {
      throw new Error(`runtime.getService("${type}") is not an instance of the plugin's class`);
    }
    return `replaced by eliza-edge (${replaced}): ${(found as Service).capabilityDescription}`;
  });
  const stop = await attempt(pluginName, "service stop", type, async () => {
    if (!service) throw new Error("no started service to stop");
    await (service as Service).stop();
    return "stopped";
  });
  return [start, stop];
}

/** Waits for a service the runtime is still starting (elizaOS starts them after init). */
async function loaded(runtime: IAgentRuntime, type: string): Promise<Service | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), 5_000);
  });
  try {
    return await Promise.race([runtime.getServiceLoadPromise(type as never), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** How many items of each kind the walk produced per plugin ("runtime" excluded). */
export function coverage(
  report: MatrixReport,
): Record<string, Partial<Record<MatrixKind, number>>> {
  const counts: Record<string, Partial<Record<MatrixKind, number>>> = {};
  for (const item of report.items) {
    if (item.plugin === "runtime") continue;
    const perPlugin = counts[item.plugin] ?? {};
    counts[item.plugin] = perPlugin;
    perPlugin[item.kind] = (perPlugin[item.kind] ?? 0) + 1;
  }
  return counts;
}

/** What `coverage` must show for a plugin with these many items (providers run per room). */
export function expectedCoverage(
  counts: Omit<PluginInventory, "name">,
): Partial<Record<MatrixKind, number>> {
  const expected: Partial<Record<MatrixKind, number>> = {};
  const put = (kind: MatrixKind, n: number) => {
    if (n > 0) expected[kind] = n;
  };
  put("action validate", counts.actions);
  put("action handler", counts.actions);
  put("provider", counts.providers * 2);
  put("evaluator validate", counts.evaluators);
  put("evaluator handler", counts.evaluators);
  put("event", counts.events);
  put("service start", counts.services);
  put("service stop", counts.services);
  return expected;
}

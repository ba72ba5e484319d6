// elizaOS's own log rows: `useModel:<type>` for a model call and `action` for an action, which
// elizaOS's dashboards and some plugins read with getLogs. A call inside one of eliza-edge's
// runs is already in that run's one row (the run log), and writing a row per call there would
// cost a storage round trip each on the message path; so by default these rows are written for
// calls made outside a run (a plugin's or a script's direct useModel or processActions), as
// elizaOS writes them, but for embeddings (a knowledge ingest would write one per chunk).
// ELIZAOS_LOG_ROWS: "outside-runs" (default), "always", "off".
import {
  describeError,
  type LogParams,
  type StorageAdapter,
  type UUID,
} from "../../kernel/index.ts";

interface RowHost {
  readonly agentId: UUID;
  readonly storage: StorageAdapter;
  getSettingString(key: string): string | undefined;
  readonly logger: { warn(message: string, data?: Record<string, unknown>): void };
}

export function writesElizaRow(host: RowHost, inRun: boolean, modelType?: string): boolean {
  const mode = host.getSettingString("ELIZAOS_LOG_ROWS")?.trim().toLowerCase();
  if (mode === "off") return false;
  if (mode === "always") return true;
  return !inRun && modelType !== "TEXT_EMBEDDING";
}

/** Writes the row; a row that cannot be written is a warning, never the caller's failure. */
export async function writeElizaRow(
  host: RowHost,
  row: Omit<LogParams, "entityId"> & { entityId?: UUID },
): Promise<void> {
  try {
    await host.storage.log({ entityId: host.agentId, ...row });
  } catch (error) {
    host.logger.warn(`log row ${row.type} not written`, { error: describeError(error) });
  }
}

/**
 * The actions executing on each runtime, so a model call's row can name the action it was made
 * for (elizaOS's `actionContext`). Web-standard JavaScript keeps no context across awaits, so a
 * call is attributed only while exactly one action is executing, as a run is (tracker.ts).
 */
const inFlight = new WeakMap<object, Map<UUID, { actionName: string; actionId: UUID }>>();

export function actionStarted(runtime: object, actionId: UUID, actionName: string): void {
  const actions = inFlight.get(runtime) ?? new Map();
  actions.set(actionId, { actionName, actionId });
  inFlight.set(runtime, actions);
}

export function actionEnded(runtime: object, actionId: UUID): void {
  inFlight.get(runtime)?.delete(actionId);
}

/** The one action executing on the runtime, if exactly one is. */
export function executingAction(
  runtime: object,
): { actionName: string; actionId: UUID } | undefined {
  const actions = inFlight.get(runtime);
  return actions?.size === 1 ? actions.values().next().value : undefined;
}

// On Node (the Node target, Lambda, Vercel, the CLI) the run whose code is executing is kept in
// AsyncLocalStorage, so a model call an action or evaluator makes is put in its own run's log
// even while other turns run on the same runtime. Not for the Worker bundle: core's default
// (the only run in progress) serves there.
import { AsyncLocalStorage } from "node:async_hooks";
import { setRunScope } from "../../core/runtime/index.ts";

let installed = false;

export function installNodeRunScope(): void {
  if (installed) return;
  installed = true;
  const storage = new AsyncLocalStorage<string>();
  setRunScope({ run: (runId, fn) => storage.run(runId, fn), current: () => storage.getStore() });
}

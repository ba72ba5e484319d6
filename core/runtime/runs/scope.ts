// Which run the code now executing belongs to, for model calls that do not say (an action's or
// an evaluator's own useModel). Web-standard JavaScript keeps no context across awaits, so by
// default there is none; a Node-based target installs one on AsyncLocalStorage
// (targets/shared/node-run-scope.ts), as elizaOS's Node build keeps its streaming context.

export interface RunScope {
  run<T>(runId: string, fn: () => T): T;
  current(): string | undefined;
}

let scope: RunScope | undefined;

/** Installs the process-wide run scope (a Node target at startup). */
export function setRunScope(next: RunScope | undefined): void {
  scope = next;
}

/** Runs `fn` inside the run `runId` where a scope is installed; else just runs it. */
export function runInScope<T>(runId: string, fn: () => T): T {
  return scope ? scope.run(runId, fn) : fn();
}

/** The run whose code is executing, when a scope is installed and knows it. */
export function scopedRunId(): string | undefined {
  return scope?.current();
}

/** Whether a run scope is installed: then "no run" from it is an answer, not a blank. */
export function hasRunScope(): boolean {
  return scope !== undefined;
}

// What a provider knows about one call that the runtime cannot see: the model it named and how
// many times it retried. Carried back like token usage (usage.ts), under a symbol key, so it
// never reaches a request body and concurrent calls never mix; the run log records it.

export interface ModelCallReport {
  /** The model the provider asked for ("gpt-4o-mini", "@cf/meta/llama-3.1-8b-instruct"). */
  model?: string;
  /** Attempts beyond the first (a 429, a 5xx or a dropped connection retried). */
  retries?: number;
}

type ReportSink = (report: ModelCallReport) => void;

const REPORT_SINK = Symbol("eliza-edge.model-call-report");

/**
 * Lets the handler of these params report to `sink`. Only for the runtime's own copy of a
 * caller's plain-object params (withUsageSink made it), never the caller's object.
 */
export function attachReportSink<P>(params: P, sink: ReportSink): P {
  if (typeof params !== "object" || params === null) return params;
  const proto = Object.getPrototypeOf(params);
  if (proto !== Object.prototype && proto !== null) return params;
  return Object.defineProperty(params, REPORT_SINK, { value: sink });
}

/** Called by a provider handler with what it knows of the call made with `params`. */
export function reportModelCall(params: unknown, report: ModelCallReport): void {
  if (typeof params !== "object" || params === null) return;
  (params as { [REPORT_SINK]?: ReportSink })[REPORT_SINK]?.(report);
}

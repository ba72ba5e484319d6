// What both dialects' error mapping reads. drizzle wraps a failed query in an error whose
// message is the whole statement with its parameters ("Failed query: ... params: <the
// user's text>") and keeps the driver's error as `cause`, so codes and messages are taken
// from the driver's errors underneath: content never decides a code or reaches a log.

/** The error and what it wraps (`cause`, or `sourceError` where Neon's HTTP driver keeps fetch's). */
export function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e != null && chain.length < 6; ) {
    chain.push(e);
    const wrapped = e as { cause?: unknown; sourceError?: unknown };
    e = wrapped.cause ?? wrapped.sourceError;
  }
  return chain;
}

/** The driver's own errors: the chain without drizzle's "Failed query" wrappers. */
export function driverErrors(error: unknown): unknown[] {
  return causes(error).filter(
    (e) => !(e instanceof Error && e.message.startsWith("Failed query:")),
  );
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function firstLine(message: string): string {
  return message.split("\n").find((line) => line.trim() !== "") ?? message;
}

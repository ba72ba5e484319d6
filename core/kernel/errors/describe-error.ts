// One short, safe line for a log about an error. Drivers wrap failures in errors whose message
// is the whole statement and its parameters (drizzle: "Failed query: insert ... params: <the
// user's text>"), so a log line takes only names, codes and the first line of the innermost
// message that is not such a wrapper, never the query or its values.

const MAX_CHARS = 200;
const QUERY_WRAPPER = /^Failed query:/;

export function describeError(error: unknown): string {
  const names: string[] = [];
  let code: string | undefined;
  let message: string | undefined;
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 6; depth++) {
    if (!(current instanceof Error)) {
      if (message === undefined && typeof current !== "object") message = String(current);
      break;
    }
    if (!names.includes(current.name)) names.push(current.name);
    const own = (current as { code?: unknown }).code;
    if (code === undefined && (typeof own === "string" || typeof own === "number")) {
      code = String(own);
    }
    // The innermost readable message wins: it is the driver's own, closest to the cause.
    if (!QUERY_WRAPPER.test(current.message)) message = current.message;
    current = (current as { cause?: unknown }).cause;
  }
  const line = firstLine(message ?? "").slice(0, MAX_CHARS);
  const head = `${names.join(" < ") || typeof error}${code === undefined ? "" : ` [${code}]`}`;
  return line ? `${head}: ${line}` : head;
}

function firstLine(text: string): string {
  const end = text.indexOf("\n");
  return (end === -1 ? text : text.slice(0, end)).trim();
}

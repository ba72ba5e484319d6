// The reply's text out of the planner's output while the model writes it: the inside of
// <text> when the plan is a plain REPLY (elizaOS's ResponseStreamExtractor), or the whole
// answer when the model wrote plain text instead of XML. What is streamed is a preview: the
// stored reply (sent last, whole) is the answer, so a retried or rewritten plan corrects it.
import { ResponseStreamExtractor } from "../../runtime/index.ts";

/** A chunk handler for the planner's useModel that passes reply text on to `onText`. */
export function plannerTextStream(onText: (delta: string) => void): (chunk: string) => void {
  const xml = new ResponseStreamExtractor();
  let mode: "xml" | "plain" | undefined;
  let held = "";
  return (chunk) => {
    let text = chunk;
    if (mode === undefined) {
      held += chunk;
      const first = held.trimStart()[0];
      if (first === undefined) return;
      // XML, or XML in a code fence: only its <text> is for the user.
      mode = first === "<" || first === "`" ? "xml" : "plain";
      text = held;
      held = "";
    }
    const out = mode === "xml" ? xml.push(text) : text;
    if (out) onText(out);
  };
}

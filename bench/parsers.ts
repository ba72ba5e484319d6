// `npm run bench:parsers`: the slowest call of each parser of user text and model output on
// pathological inputs (long runs of one character or tag) at growing sizes. With linear
// parsers the time grows with the size, not with its square; a row that jumps ~4x per
// doubling would be a ReDoS. The tests assert budgets in bytes and steps; this shows time.

import { createElizaEngine } from "../core/features/eliza/index.ts";
import { parseReminder } from "../core/features/reminders/parse-reminder.ts";
import { bearerToken } from "../core/http/auth.ts";
import { parseResponse, salvageText } from "../core/kernel/text/parse-response.ts";

const SIZES = [16_000, 64_000, 256_000];
const runs = (unit: string, chars: number) => unit.repeat(Math.ceil(chars / unit.length));
const INPUTS: Record<string, (n: number) => string> = {
  "dots then x": (n) => `${runs(".", n)}x`,
  "remind me …": (n) => `${runs("remind me ", n)}x`,
  spaces: (n) => `remind me ${runs(" ", n)}x`,
  "<": (n) => runs("<", n),
  "<response>": (n) => runs("<response>", n),
  "<a> in a response": (n) => `<response>${runs("<a>", n)}</response>`,
  "@": (n) => runs("@", n),
};
const eliza = createElizaEngine();
const PARSERS: Record<string, (text: string) => unknown> = {
  parseReminder,
  parseResponse,
  salvageText,
  "eliza.respond": (text) => eliza.respond(text, "bench"),
  bearerToken: (text) => bearerToken(`Bearer ${text}`),
};

function slowest(fn: () => unknown): number {
  let worst = 0;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    fn();
    worst = Math.max(worst, performance.now() - start);
  }
  return worst;
}

console.log("Slowest of 3 calls, ms, per input size (characters)\n");
console.log(`| parser | input | ${SIZES.join(" | ")} |`);
console.log(`|---|---|${SIZES.map(() => "---").join("|")}|`);
for (const [parser, parse] of Object.entries(PARSERS)) {
  for (const [input, make] of Object.entries(INPUTS)) {
    const cells = SIZES.map((n) => {
      const text = make(n);
      return slowest(() => parse(text)).toFixed(2);
    });
    console.log(`| ${parser} | ${input} | ${cells.join(" | ")} |`);
  }
}

// Every regex on user text or model output, checked by recheck (a ReDoS checker; its pure-JS
// backend, so it runs offline). Each must be safe, or polynomial with an input cap small
// enough that the worst case stays within a fixed budget of backtracking steps.
import { checkSync } from "recheck";
import { describe, expect, it } from "vitest";
import { RECHECK_OPTIONS } from "../support/recheck-options.ts";
import { USER_TEXT_REGEXES } from "./user-text-regexes.ts";

/** Worst-case steps allowed for one capped polynomial regex: cap^degree. */
const STEP_BUDGET = 5_000_000;

describe("regexes on user text and model output", () => {
  for (const { where, patterns, cap } of USER_TEXT_REGEXES) {
    for (const pattern of patterns) {
      it(`${where}: /${pattern.source.slice(0, 60)}/${pattern.flags}`, { timeout: 180_000 }, () => {
        // Deterministic: a fixed seed and no wall-clock limits (recheck-options.ts).
        const result = checkSync(pattern.source, pattern.flags, RECHECK_OPTIONS);
        if (result.status === "safe") return;
        if (result.status === "unknown")
          throw new Error(`recheck could not decide: ${result.error.kind}`);
        // Exponential is never acceptable; polynomial only behind a cap.
        expect(result.complexity.type).toBe("polynomial");
        const degree = result.complexity.type === "polynomial" ? result.complexity.degree : 99;
        expect(Number.isFinite(cap), `polynomial (degree ${degree}) with no input cap`).toBe(true);
        expect(cap ** degree).toBeLessThanOrEqual(STEP_BUDGET);
      });
    }
  }
});

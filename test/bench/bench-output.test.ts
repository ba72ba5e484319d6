// What `npm run bench` writes, checked without running a bench: the README section writer,
// the load line, and the workerd section's table from a made-up run.
import { describe, expect, it } from "vitest";
import { idleText } from "../../bench/machine.ts";
import { replaceSection } from "../../bench/readme-section.ts";
import type { Sample } from "../../bench/workerd/measure.ts";
import { type WorkerdRun, workerdMarkdown } from "../../bench/workerd-cpu.ts";

describe("replaceSection", () => {
  const readme =
    "# R\n\n<!-- bench:a -->\nold a\n<!-- /bench:a -->\n\n<!-- bench:b -->\nold b\n<!-- /bench:b -->\n";

  it("replaces only the named section's text, keeping its markers", () => {
    const out = replaceSection(readme, "a", "new a");
    expect(out).toBe(
      "# R\n\n<!-- bench:a -->\n\nnew a\n\n<!-- /bench:a -->\n\n<!-- bench:b -->\nold b\n<!-- /bench:b -->\n",
    );
    // Writing the same text again changes nothing.
    expect(replaceSection(out, "a", "new a")).toBe(out);
  });

  it("refuses a section without markers", () => {
    expect(() => replaceSection(readme, "workerd", "x")).toThrow(/no <!-- bench:workerd -->/);
  });
});

describe("idleText", () => {
  it("says the load beside the quiet figure", () => {
    const text = idleText(
      { wallMs: 118, cpuMs: 60, runs: 5, load: 1.5 },
      { wallMs: 59, cpuMs: 55 },
    );
    expect(text).toBe(
      "load: `node -e 0` took 118 ms by the clock and 60 ms of CPU (quiet: 59 ms and 55 ms; 2.0× its quiet clock), load average 1.50",
    );
  });
});

describe("workerdMarkdown", () => {
  const sample = (cpuMs: number, wallMs: number, requests = 1): Sample => ({
    requests,
    cpuMs,
    statCpuMs: cpuMs,
    wallMs,
  });
  const run: WorkerdRun = {
    rounds: 2,
    messages: 10,
    split: [],
    d1Alone: [
      { cpuMs: 9, roundTrips: 3 },
      { cpuMs: 10, roundTrips: 3 },
    ],
    steady: [
      { bare: sample(10, 50, 10), memory: sample(25, 80, 10), d1: sample(130, 300, 10) },
      { bare: sample(12, 50, 10), memory: sample(29, 90, 10), d1: sample(140, 320, 10) },
    ],
    fresh: [
      { bare: sample(4, 10), memory: sample(40, 90), d1: sample(70, 130) },
      { bare: sample(6, 12), memory: sample(44, 95), d1: sample(76, 140) },
    ],
  };
  const table = workerdMarkdown(
    { ...run, split: [{ appMs: 12, agentMs: 20, turnMs: 18, secondTurnMs: 4 }] },
    "2 CPUs (test), Node v0, 2026-01-01",
  );

  it("gives CPU beside the clock, per message, and the median above the same round's floor", () => {
    expect(table).toContain("— 2 CPUs (test), Node v0, 2026-01-01");
    // Steady memory: (2.5 − 1.0) and (2.9 − 1.2) per message → median 1.6.
    expect(table).toContain(
      "| steady turn, in-isolate memory store | 10 × 2 | 2.70 (8.50) | 1.10 (5.00) | 1.60 | ≤ 2 | yes |",
    );
    // Fresh memory: 36 and 38 above the floor → 37; 42 ms of CPU is over the free plan's 10.
    expect(table).toContain(
      "| first request of a fresh isolate (agent built), memory | 1 × 2 | 42.00 (92.50) | 5.00 (11.00) | 37.00 | ≤ 10 | **no** |",
    );
    expect(table).toContain(
      "| steady turn, D1 | 10 × 2 | 13.50 (31.00) | 1.10 (5.00) | 12.40 | ≤ 2 | **no** |",
    );
    expect(table).toContain("fresh D1 66.00, 70.00");
    expect(table).toContain("a 404 12.00 (the bare Worker's first request: 5.00)");
    expect(table).not.toContain(", before |");
  });

  it("puts a before checkout's row under each of ours, from the same rounds", () => {
    const withBefore: WorkerdRun = {
      ...run,
      before: "/work/main",
      steady: run.steady.map((r) => ({
        ...r,
        "memory-before": sample(35, 90, 10),
        "d1-before": r.d1,
      })),
      fresh: run.fresh.map((r, i) => ({
        ...r,
        bare: { ...r.bare, startupMs: 100 + i },
        memory: { ...r.memory, startupMs: 150 + i },
        d1: { ...r.d1, startupMs: 150 + i },
        "memory-before": { ...sample(60, 90), startupMs: 120 + i },
        "d1-before": { ...r.d1, startupMs: 120 + i },
      })),
      split: [{ appMs: 6, agentMs: 9, turnMs: 18, secondTurnMs: 4 }],
      splitBefore: [{ appMs: 12, agentMs: 20, turnMs: 18, secondTurnMs: 4 }],
    };
    const text = workerdMarkdown(withBefore, "test machine");
    // Steady memory before: 3.5 − 1.0 and 3.5 − 1.2 → 2.4 median.
    expect(text).toContain(
      "| steady turn, in-isolate memory store, before | 10 × 2 | 3.50 (9.00) | 1.10 (5.00) | 2.40 | ≤ 2 | yes |",
    );
    expect(text).toContain("Before (/work/main): 12.00, 20.00, 18.00, 4.00.");
    expect(text).toContain(
      "memory 151, D1 151, bare Worker 101 (50 and 50 above it; before: 121 and",
    );
  });
});

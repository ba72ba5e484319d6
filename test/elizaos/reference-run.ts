// The oracle for the e2e harness: the same matrix and message probe against elizaOS's REAL
// runtime (@elizaos/core 1.7.2's AgentRuntime with @elizaos/plugin-sql on PGlite, as npm
// installed them beside the plugins). Run with `npx tsx test/elizaos/reference-run.ts`: tsx
// does not alias, so here `@elizaos/core` is the real package. Every item ok there means an
// item failing on eliza-edge is ours to fix, not the harness's. Not a test file: the suite's
// alias would turn it into a second eliza-edge run.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AgentRuntime, type Character, type Plugin } from "@elizaos/core";
import sqlPlugin from "@elizaos/plugin-sql";
import { probeMessage } from "../support/elizaos-message-probe.ts";
import { parityGaps } from "../support/elizaos-parity.ts";
import { runPluginMatrix } from "../support/elizaos-plugin-matrix.ts";
import { ELIZA_PLUGINS } from "../support/elizaos-plugins.ts";
import { elizaScriptedModel } from "../support/elizaos-scripted-model.ts";

const dataDir = mkdtempSync(join(tmpdir(), "elizaos-reference-"));
const settings = { PGLITE_DATA_DIR: dataDir };
const character: Character = { name: "Eliza", bio: "An agent that lives at the edge." };
const sql = sqlPlugin as unknown as Plugin;
const model = elizaScriptedModel();
const runtime = new AgentRuntime({
  character,
  plugins: [sql, model.plugin as unknown as Plugin, ...ELIZA_PLUGINS],
  settings,
});
// elizaOS's initialize reads the agents table before it migrates; its server migrates first.
await runtime.registerPlugin(sql);
await runtime.adapter.init();
await runtime.runPluginMigrations();
await runtime.initialize();

const probe = await probeMessage(runtime);
const report = await runPluginMatrix(runtime, ELIZA_PLUGINS);
await runtime.stop();
rmSync(dataDir, { recursive: true, force: true });

const gaps = parityGaps(report);
const lines = [
  `probe: ${JSON.stringify(probe)}`,
  `matrix: ${report.ok} ok, ${report.failing} failing`,
  `parity table (elizaos-parity.ts) against the real runtime: ${gaps.length} gaps`,
  ...gaps.map((gap) => `GAP  ${gap}`),
  ...report.items.map(
    (item) =>
      `${item.ok ? "ok  " : "FAIL"} ${item.plugin} ${item.kind} ${item.name} | ${item.error ?? item.detail}`,
  ),
  `model prompts recognised: ${model.calls.map((call) => `${call.type}:${call.template}`).join(" ")}`,
];
process.stdout.write(`${lines.join("\n")}\n`);
process.exit(report.failing === 0 && gaps.length === 0 ? 0 : 1);

// @ts-check
// Every file of a new project, as relative path -> content. Pure: nothing is read or written
// here, so tests compare file lists and contents without touching the disk.
import { slugOf } from "../package-name.mjs";
import { agentTs, serverTs } from "./agent-files.mjs";
import { characterTs, displayName } from "./character.mjs";
import { GITIGNORE, tsconfigJson } from "./common-files.mjs";
import { DICE_PLUGIN_TS, DICE_TEST_TS } from "./example-plugin.mjs";
import { packageJson } from "./package-json.mjs";
import { readmeMd } from "./readme.mjs";
import { envExample, envFileName } from "./settings.mjs";
import { cloudflareTarget } from "./targets/cloudflare.mjs";
import { lambdaTarget } from "./targets/lambda.mjs";
import { nodeTarget } from "./targets/node.mjs";
import { vercelTarget } from "./targets/vercel.mjs";

/**
 * @param {import("../answers.mjs").Answers} answers
 * @param {{ elizaEdgeSpec: string }} options the eliza-edge dependency
 * @returns {Record<string, string>}
 */
export function projectFiles(answers, { elizaEdgeSpec }) {
  const slug = slugOf(answers.name);
  const withSlug = { ...answers, slug };
  const target = targetParts(withSlug);
  /** @type {Record<string, string>} */
  const files = {
    "package.json": packageJson({
      name: answers.name,
      scripts: target.scripts,
      dependencies: target.dependencies,
      devDependencies: target.devDependencies,
      elizaEdgeSpec,
    }),
    "README.md": readmeMd(withSlug),
    ".gitignore": GITIGNORE,
    [`${envFileName(answers)}.example`]: envExample(answers),
    "tsconfig.json": tsconfigJson(),
    "src/character.ts": characterTs({ displayName: displayName(slug) }),
    "src/agent.ts": agentTs(answers),
    "src/plugins/dice.ts": DICE_PLUGIN_TS,
    "src/plugins/dice.test.ts": DICE_TEST_TS,
    ...target.files,
  };
  if (answers.target !== "cloudflare") files["src/server.ts"] = serverTs(answers);
  return files;
}

/** @param {import("../answers.mjs").Answers & { slug: string }} answers */
function targetParts(answers) {
  switch (answers.target) {
    case "cloudflare":
      return cloudflareTarget(answers);
    case "lambda":
      return lambdaTarget(answers);
    case "vercel":
      return vercelTarget();
    case "node":
      return nodeTarget(answers);
  }
}

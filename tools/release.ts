// `npm run release`: everything a release needs short of publishing. Checks that both packages
// carry one version with its CHANGELOG section and their repository links, runs the tests,
// builds and packs both packages (tools/pack.ts, in a temporary copy), and runs
// `npm publish --dry-run` on each tarball; then prints the commands that publish for real.
//   --quick        run `npm run test:quick` instead of the full `npm test`
//   --skip-tests   no tests (CI runs the suite just before)
import { execFile, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { npmBin } from "./npm-bin.ts";
import { packBoth, root } from "./pack.ts";

const run = promisify(execFile);
const npm = npmBin;

interface Manifest {
  name: string;
  version: string;
  repository?: unknown;
  homepage?: string;
  bugs?: unknown;
}

const manifest = (dir: string) =>
  JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;

/** What stops a release of the sources in `dir`, one line each; empty when ready. */
export function releaseProblems(dir: string): string[] {
  const problems: string[] = [];
  const edge = manifest(dir);
  const scaffolder = manifest(join(dir, "create-eliza-edge"));
  if (scaffolder.version !== edge.version) {
    problems.push(
      `create-eliza-edge is ${scaffolder.version}, eliza-edge ${edge.version}: they are released together, with one version`,
    );
  }
  for (const pkg of [edge, scaffolder]) {
    for (const field of ["repository", "homepage", "bugs"] as const) {
      if (!pkg[field]) problems.push(`${pkg.name}'s package.json has no "${field}"`);
    }
  }
  const changelog = readFileSync(join(dir, "CHANGELOG.md"), "utf8");
  const section = new RegExp(
    `^## \\[${edge.version.replaceAll(".", "\\.")}\\] - \\d{4}-\\d{2}-\\d{2}$`,
    "m",
  );
  if (!section.test(changelog)) {
    problems.push(`CHANGELOG.md has no "## [${edge.version}] - YYYY-MM-DD" section`);
  }
  return problems;
}

/** `npm publish --dry-run` of one tarball; anything npm had to correct or refused is a failure. */
export async function publishDryRun(tarball: string): Promise<string> {
  const { stdout, stderr } = await run(npm, ["publish", "--dry-run", tarball], {
    cwd: root,
    env: { ...process.env, npm_config_update_notifier: "false" },
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
    throw new Error(`npm publish --dry-run ${tarball} failed:\n${error.stderr ?? error.message}`);
  });
  const log = `${stdout}${stderr}`;
  if (/auto-corrected|npm error/.test(log)) {
    throw new Error(`npm publish --dry-run ${tarball} complained:\n${log}`);
  }
  return /total files:\s*(\d+)/.exec(log)?.[1] ?? "?";
}

export async function main(argv: string[]): Promise<number> {
  const problems = releaseProblems(root);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`release: ${problem}`);
    return 1;
  }
  if (!argv.includes("--skip-tests")) {
    const script = argv.includes("--quick") ? "test:quick" : "test";
    console.log(`release: npm run ${script}`);
    const tests = spawnSync(npm, ["run", script], { cwd: root, stdio: "inherit" });
    if (tests.status !== 0) return tests.status ?? 1;
  }
  const { elizaEdge, scaffolder } = await packBoth((line) => console.log(`release: ${line}`));
  for (const packed of [elizaEdge, scaffolder]) {
    const files = await publishDryRun(packed.tarball);
    console.log(`release: npm publish --dry-run ${packed.report.filename}: clean (${files} files)`);
  }
  const { version } = elizaEdge.report;
  console.log(`
Ready to release ${version}. To publish (eliza-edge first: new projects depend on it):
  npm publish ${elizaEdge.tarball}
  npm publish ${scaffolder.tarball}
  git tag v${version} && git push origin v${version}`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main(process.argv.slice(2));
}

// `npm run create -- <directory> [options]`: a new agent project from this clone, before the
// packages are on the npm registry. Packs eliza-edge and create-eliza-edge (tools/pack.ts),
// runs the packed scaffolder the way `npm create eliza-edge` would, and puts the eliza-edge
// tarball in the project's vendor/ folder, which its package.json installs from: the project
// then installs anywhere, this clone or not. The options are create-eliza-edge's own.
import { spawnSync } from "node:child_process";
import { copyFile, mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { npmBin } from "./npm-bin.ts";
import { packBoth } from "./pack.ts";

const USAGE = `usage: npm run create -- <directory> [create-eliza-edge options]

Creates a new eliza-edge project from this clone (the packages are not on npm yet), for
example: npm run create -- ../my-agent --target node
The directory is relative to where you run npm; keep it outside this clone.`;

export async function main(argv: string[]): Promise<number> {
  const npm = npmBin;
  const [dirArg] = argv;
  // `npm run` starts scripts in the repository root; INIT_CWD is where the user typed it.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  if (dirArg === "--help" || dirArg === "-h") {
    console.log(USAGE);
    return 0;
  }
  if (dirArg === undefined || dirArg.startsWith("-")) {
    console.error(USAGE);
    return 2;
  }
  const { elizaEdge, scaffolder } = await packBoth((line) => console.error(line));
  const vendored = `vendor/${elizaEdge.report.filename}`;
  const scaffold = spawnSync(
    npm,
    [
      "exec",
      "--yes",
      "--package",
      scaffolder.tarball,
      "--",
      "create-eliza-edge",
      ...argv,
      "--eliza-edge-spec",
      `file:${vendored}`,
    ],
    { cwd, stdio: "inherit" },
  );
  if (scaffold.status !== 0) return scaffold.status ?? 1;
  const project = resolve(cwd, dirArg);
  await mkdir(join(project, "vendor"), { recursive: true });
  await copyFile(elizaEdge.tarball, join(project, vendored));
  console.log(
    `\neliza-edge ${elizaEdge.report.version} is installed from ${vendored} (packed from this clone);` +
      `\nonce it is on npm: npm i eliza-edge@^${elizaEdge.report.version} && rm -r vendor`,
  );
  return 0;
}

process.exitCode = await main(process.argv.slice(2));

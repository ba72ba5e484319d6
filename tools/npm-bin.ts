// The npm (and npx) to run: the one installed beside this node, as a Node install has it;
// otherwise the first on PATH. A node binary from the registry's `node` package (CI's Node 22
// and 24) has no npm beside it, and npm then runs on that same node, first on PATH.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

function besideNode(name: string): string {
  const beside = join(dirname(process.execPath), name);
  return existsSync(beside) ? beside : name;
}

export const npmBin = besideNode("npm");
export const npxBin = besideNode("npx");

// @ts-check
// npm's rules for a package name (the ones `npm init` enforces on a new package), so the
// generated package.json is one npm accepts. Returns every problem, not just the first.

const MAX_LENGTH = 214;
// Names npm reserves: Node's core modules would shadow the package on require.
const RESERVED = new Set(["node_modules", "favicon.ico"]);
const SCOPED = /^@([^/]+)\/([^/]+)$/;
const URL_SAFE = /^[a-z0-9-._~]+$/;

/**
 * @param {string} name
 * @param {readonly string[]} builtinModules Node's core module names (node:module's list)
 * @returns {string[]} what is wrong with the name; empty when npm accepts it
 */
export function packageNameProblems(name, builtinModules) {
  const problems = [];
  if (name.length === 0) return ["the name is empty"];
  if (name.length > MAX_LENGTH) problems.push(`it is longer than ${MAX_LENGTH} characters`);
  if (name.trim() !== name) problems.push("it starts or ends with a space");
  if (name !== name.toLowerCase()) problems.push("it has capital letters");
  if (name.startsWith(".") || name.startsWith("_")) {
    problems.push('it starts with "." or "_"');
  }
  if (RESERVED.has(name.toLowerCase())) problems.push(`"${name}" is reserved by npm`);
  if (builtinModules.includes(name)) problems.push(`"${name}" is a Node.js core module`);
  const scoped = SCOPED.exec(name);
  const parts = scoped ? [scoped[1] ?? "", scoped[2] ?? ""] : [name];
  if (!scoped && name.includes("/")) problems.push('only a scoped name ("@scope/name") has a "/"');
  if (parts.some((part) => !URL_SAFE.test(part.toLowerCase()))) {
    problems.push("it may hold only letters a-z, digits and - . _ ~");
  }
  if (scoped && (parts[1] ?? "").startsWith("."))
    problems.push('the name after the scope starts with "."');
  return problems;
}

/**
 * The name without its scope, made safe where only [a-z0-9-] is allowed (a Worker's name, a
 * D1 database, a CloudFormation stack): "@me/my.agent" -> "my-agent".
 * @param {string} name
 */
export function slugOf(name) {
  const bare = name.includes("/") ? name.slice(name.indexOf("/") + 1) : name;
  return (
    bare
      .replace(/[^a-z0-9-]+/g, "-")
      .slice(0, 54)
      .replace(/^-+|-+$/g, "") || "agent"
  );
}

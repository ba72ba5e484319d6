// create-eliza-edge end to end in a temporary directory: questions or flags, what is refused
// (non-empty directory, bad name, missing answers without a terminal), what is written.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CTRL_D, runIn, tempDir } from "./run-in-temp.ts";

const rootVersion = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"))
  .version as string;
const pkgOf = (dir: string) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

describe("create-eliza-edge", () => {
  it("--yes writes the default project (Cloudflare, no bots, OpenAI-compatible)", async () => {
    const cwd = tempDir();
    const ran = await runIn(cwd, ["my-agent", "--yes"]);
    expect(ran).toMatchObject({ code: 0, err: "" });
    expect(ran.out).toContain("Created my-agent (cloudflare, no bots, openai-compatible)");
    expect(ran.out).toContain("cd my-agent");
    const dir = join(cwd, "my-agent");
    expect(existsSync(join(dir, "wrangler.toml"))).toBe(true);
    expect(pkgOf(dir)).toMatchObject({
      name: "my-agent",
      private: true,
      type: "module",
      dependencies: { "eliza-edge": `^${rootVersion}` },
    });
  });

  it("--yes without a directory makes ./my-agent", async () => {
    const cwd = tempDir();
    expect((await runIn(cwd, ["--yes"])).code).toBe(0);
    expect(pkgOf(join(cwd, "my-agent")).name).toBe("my-agent");
  });

  it("asks in the terminal for what the flags left open, by number or by name", async () => {
    const cwd = tempDir();
    const ran = await runIn(cwd, ["--model", "anthropic"], ["bot-one", "3", "telegram"]);
    expect(ran.code).toBe(0);
    expect(ran.asked).toEqual([
      "Project directory [my-agent]: ",
      "Choose 1-4 [cloudflare]: ",
      "Bots, comma-separated, or none [none]: ",
    ]);
    expect(ran.out).toContain("Created bot-one (vercel, telegram, anthropic)");
    expect(existsSync(join(cwd, "bot-one", "vercel.json"))).toBe(true);
  });

  it("asks again after an answer that is not a choice or not a valid name", async () => {
    const cwd = tempDir();
    const ran = await runIn(cwd, [], ["Bad Name", "good-name", "azure", "", "slack", "", "9", "3"]);
    expect(ran.code).toBe(0);
    expect(ran.out).toContain("Not a valid npm package name: it has capital letters");
    expect(ran.out).toContain('"azure" is not one of the choices.');
    expect(ran.out).toContain('unknown value "slack"');
    // Enter took the defaults; "3" was Workers AI, offered because the target is Cloudflare.
    expect(ran.out).toContain("Created good-name (cloudflare, no bots, workers-ai)");
  });

  it("Ctrl-D at a question cancels with exit code 130 and writes nothing", async () => {
    const cwd = tempDir();
    const ran = await runIn(cwd, ["--bots", "none"], ["agent", CTRL_D]);
    expect(ran.code).toBe(130);
    expect(ran.err).toBe("create-eliza-edge: cancelled; nothing was written");
    expect(readdirSync(cwd)).toEqual([]);
  });

  it("offers Workers AI only on Cloudflare", async () => {
    const cwd = tempDir();
    const ran = await runIn(cwd, ["a", "--target", "node", "--bots", "none"], ["3", "2"]);
    expect(ran.out).not.toContain("workers-ai");
    expect(ran.out).toContain("Created a (node, no bots, anthropic)");
    const refused = await runIn(cwd, ["b", "--target", "lambda", "--model", "workers-ai", "--yes"]);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(
      "--model workers-ai is not available on lambda (there: openai-compatible, anthropic)",
    );
    expect(existsSync(join(cwd, "b"))).toBe(false);
  });

  it("without a terminal and without --yes, names the missing answer instead of waiting", async () => {
    const cwd = tempDir();
    const ran = await runIn(cwd, ["my-agent", "--target", "node"]);
    expect(ran.code).toBe(2);
    expect(ran.err).toContain("no bots given and no terminal to ask in: pass --bots, or --yes");
    expect(readdirSync(cwd)).toEqual([]);
  });

  it("refuses a non-empty directory and leaves it as it was", async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, "taken"));
    writeFileSync(join(cwd, "taken", "notes.txt"), "mine");
    const ran = await runIn(cwd, ["taken", "--yes"]);
    expect(ran.code).toBe(1);
    expect(ran.err).toContain("is not empty (notes.txt)");
    expect(readdirSync(join(cwd, "taken"))).toEqual(["notes.txt"]);
  });

  it("refuses a file in the way, and accepts an empty directory (also as .)", async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, "file-agent"), "");
    const blocked = await runIn(cwd, ["file-agent", "--yes"]);
    expect(blocked.code).toBe(1);
    expect(blocked.err).toContain("exists and is not a directory");
    const empty = join(cwd, "empty-agent");
    mkdirSync(empty);
    const here = await runIn(empty, [".", "--yes", "--target", "node"]);
    expect(here.code).toBe(0);
    expect(here.out).not.toContain("cd ");
    expect(pkgOf(empty).name).toBe("empty-agent");
  });

  it.each([
    ["Agent", "it has capital letters"],
    ["my agent", "it may hold only letters"],
    ["_agent", 'it starts with "." or "_"'],
    ["fs", "is a Node.js core module"],
  ])("refuses the directory name %j and writes nothing", async (name, problem) => {
    const cwd = tempDir();
    const ran = await runIn(cwd, [name, "--yes"]);
    expect(ran.code).toBe(2);
    expect(ran.err).toContain(`"${name}" cannot be the package name: `);
    expect(ran.err).toContain(problem);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it("prints help and version, and exits 2 with a hint on a bad flag", async () => {
    const cwd = tempDir();
    const help = await runIn(cwd, ["--help"]);
    expect(help.code).toBe(0);
    expect(help.out).toContain("--target <name>");
    expect(help.out).not.toContain("eliza-edge-spec");
    expect(await runIn(cwd, ["-v"])).toMatchObject({ code: 0, out: rootVersion });
    const bad = await runIn(cwd, ["--nope"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--help");
    expect(readdirSync(cwd)).toEqual([]);
  });

  it("depends on the eliza-edge the hidden flag names", async () => {
    const cwd = tempDir();
    const spec = "file:/tmp/eliza-edge-0.1.0.tgz";
    await runIn(cwd, ["x", "--yes", "--eliza-edge-spec", spec]);
    expect(pkgOf(join(cwd, "x")).dependencies).toEqual({ "eliza-edge": spec });
  });
});

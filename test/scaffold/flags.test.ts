// create-eliza-edge's flags: every question has one, bad values are refused with the choices.
import { describe, expect, it } from "vitest";
import { parseBots, parseFlags, UsageError } from "../../create-eliza-edge/src/flags.mjs";

describe("create-eliza-edge flags", () => {
  it("reads the directory and every answer", () => {
    expect(
      parseFlags([
        "my-agent",
        "--target",
        "lambda",
        "--bots",
        "telegram,discord",
        "--model",
        "anthropic",
      ]),
    ).toEqual({
      dir: "my-agent",
      target: "lambda",
      bots: ["telegram", "discord"],
      model: "anthropic",
      yes: false,
      help: false,
      version: false,
      elizaEdgeSpec: undefined,
    });
  });

  it("takes short flags, --flag=value and any case", () => {
    const flags = parseFlags(["-t", "Cloudflare", "--model=workers-ai", "-b", "Discord", "-y"]);
    expect(flags).toMatchObject({
      dir: undefined,
      target: "cloudflare",
      model: "workers-ai",
      bots: ["discord"],
      yes: true,
    });
  });

  it("leaves unanswered questions undefined (to ask, or to default with --yes)", () => {
    expect(parseFlags(["x"])).toMatchObject({
      target: undefined,
      bots: undefined,
      model: undefined,
    });
  });

  it.each([
    ["none", []],
    ["", []],
    ["telegram", ["telegram"]],
    [" discord , telegram ", ["discord", "telegram"]],
    ["telegram,telegram", ["telegram"]],
  ])("parses --bots %j", (text, bots) => {
    expect(parseBots(text)).toEqual(bots);
  });

  it.each([
    [
      ["--target", "azure"],
      '--target: unknown value "azure" (one of: cloudflare, lambda, vercel, node)',
    ],
    [
      ["--model", "gpt"],
      '--model: unknown value "gpt" (one of: openai-compatible, anthropic, workers-ai)',
    ],
    [["--bots", "telegram,slack"], '--bots: unknown value "slack" (one of: telegram, discord)'],
    [["--bots", "none,telegram"], '--bots: unknown value "none"'],
    [["--template", "x"], "Unknown option '--template'"],
    [["--target"], "Option '-t, --target <value>' argument missing"],
    [["a", "b"], "one project directory expected, got 2: a b"],
  ])("refuses %j", (argv, message) => {
    expect(() => parseFlags(argv)).toThrow(UsageError);
    expect(() => parseFlags(argv)).toThrow(message);
  });

  it("points eliza-edge at a local tarball by a hidden flag or CREATE_ELIZA_EDGE_SPEC", () => {
    expect(parseFlags(["--eliza-edge-spec", "file:/tmp/e.tgz"]).elizaEdgeSpec).toBe(
      "file:/tmp/e.tgz",
    );
    expect(parseFlags([], { CREATE_ELIZA_EDGE_SPEC: "file:/x.tgz" }).elizaEdgeSpec).toBe(
      "file:/x.tgz",
    );
    expect(parseFlags([], { CREATE_ELIZA_EDGE_SPEC: "" }).elizaEdgeSpec).toBeUndefined();
    expect(
      parseFlags(["--eliza-edge-spec", "file:/a.tgz"], { CREATE_ELIZA_EDGE_SPEC: "file:/b.tgz" })
        .elizaEdgeSpec,
    ).toBe("file:/a.tgz");
  });
});

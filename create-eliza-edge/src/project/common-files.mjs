// @ts-check
// Files every project has whatever the target: .gitignore, tsconfig.json.

// Local secrets (.dev.vars, .env), installs, build output and every platform's local state.
export const GITIGNORE = `node_modules
dist
.env
.dev.vars
.wrangler
.vercel
.serverless
.eliza-edge
`;

export function tsconfigJson() {
  return `${JSON.stringify(
    {
      compilerOptions: {
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "bundler",
        // fetch, Request, crypto.subtle: the web APIs every target has.
        lib: ["ES2023", "DOM", "DOM.Iterable"],
        types: ["node"],
        strict: true,
        noUncheckedIndexedAccess: true,
        verbatimModuleSyntax: true,
        isolatedModules: true,
        skipLibCheck: true,
        noEmit: true,
      },
      include: ["src"],
    },
    null,
    2,
  )}\n`;
}

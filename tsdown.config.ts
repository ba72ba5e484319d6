// `npm run build` (also `prepare`, so `npm ci` builds): the published package, ESM + .d.mts in
// dist/. One entry per public subpath of package.json `exports`, plus the CLI, `npm start`'s
// main and the module hooks `eliza-edge/register` installs. Entry names are flat so every
// output file sits directly in dist/: code that finds its files with
// `new URL("./x", import.meta.url)` (Postgres migrations, the web chat page, the embedding
// sidecar, the hooks) then finds them beside it, where the `copy` list puts them.
// dist/lambda and dist/vercel are the deploy bundles of build:lambda and build:vercel: not
// this build's, so `clean` leaves them alone.
import { defineConfig } from "tsdown";

const INLINED = /^(?:zod|drizzle-orm|hono|chrono-node|croner|@noble\/(?:ciphers|hashes))(?:\/|$)/;

export default defineConfig({
  entry: {
    index: "core/index.ts",
    elizaos: "core/elizaos/index.ts",
    register: "targets/node/register.mjs",
    "elizaos-core-hooks": "targets/node/elizaos-core-hooks.mjs",
    "adapters-memory": "adapters/memory/index.ts",
    "adapters-d1": "adapters/d1/index.ts",
    "adapters-postgres": "adapters/postgres/index.ts",
    "adapters-postgres-neon-http": "adapters/postgres/neon-http.ts",
    "adapters-dynamodb": "adapters/dynamodb/index.ts",
    connectors: "connectors/index.ts",
    client: "core/http/client.ts",
    "targets-node": "targets/node/index.ts",
    "targets-cloudflare": "targets/cloudflare/index.ts",
    "shims-js-tiktoken": "targets/cloudflare/shims/index.ts",
    "targets-lambda": "targets/lambda/index.ts",
    "targets-vercel": "targets/vercel/index.ts",
    cli: "targets/node/cli/bin.ts",
    main: "targets/node/main.ts",
    "build-pglite-seed": "targets/node/build-pglite-seed.ts",
  },
  // Runtime packages are `dependencies`. The pure-JavaScript ones on the start path (INLINED)
  // are bundled into the built code, so `npm start` reads a few dozen files instead of ~300
  // (zod alone is 92 ES modules); the .d.mts still import their types by name, so the user's
  // copies are the ones the types use. Packages with files of their own (PGlite's wasm) or for
  // one backend only (pg, Neon, the AWS SDK) stay imports, and so do types-only imports
  // (@cloudflare/workers-types).
  deps: {
    alwaysBundle: (id, importer) => !/\.d\.[cm]?ts$/.test(importer ?? "") && INLINED.test(id),
  },
  format: "esm",
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: [
    "dist/*.mjs",
    "dist/*.d.mts",
    "dist/migrations",
    "dist/sidecar",
    "dist/chat.html",
    "dist/chat-*.js",
    "dist/pglite-seed.*",
  ],
  dts: true,
  sourcemap: false,
  // Readable output: users step through it in their debugger; the deploy bundles minify.
  minify: false,
  // The plugin-timing notice is advice for plugin authors, noise in `npm ci`.
  checks: { pluginTimings: false },
  // The PGlite seed: a first `npm start` unpacks it instead of running initdb (pglite-seed.ts).
  onSuccess: "node dist/build-pglite-seed.mjs",
  copy: [
    // A folder is copied under its own name: dist/migrations.
    { from: "adapters/postgres/migrations", to: "dist" },
    { from: "targets/node/web/chat.html", to: "dist" },
    // PGlite's worker thread, found beside the built code (adapters/postgres/pglite-thread.ts),
    // and the prepared statements it imports.
    {
      from: ["adapters/postgres/pglite-worker.mjs", "adapters/postgres/pglite-prepared.mjs"],
      to: "dist",
    },
    {
      from: [
        "targets/node/web/chat-stream.js",
        "targets/node/web/chat-markdown.js",
        "targets/node/web/chat-activity.js",
      ],
      to: "dist",
    },
    {
      from: [
        "targets/node/sidecar/*.mjs",
        "targets/node/sidecar/package.json",
        "targets/node/sidecar/package-lock.json",
        "targets/node/sidecar/README.md",
      ],
      to: "dist/sidecar",
    },
  ],
});

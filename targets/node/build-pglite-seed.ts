// Run by the package build (tsdown's onSuccess) as dist/build-pglite-seed.mjs: writes the
// PGlite seed (pglite-seed.ts) beside the built code, so a first `npm start` skips initdb.
import { SEED_FILE, writePgliteSeed } from "./pglite-seed.ts";

const seed = await writePgliteSeed();
console.log(
  `${SEED_FILE}: ${(seed.bytes / 1024 / 1024).toFixed(1)} MiB, PGlite ${seed.pglite}, ${seed.migrations.length} migrations`,
);

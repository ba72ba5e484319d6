// A consumer's Cloudflare Worker (wrangler.toml `main`), built by `wrangler deploy --dry-run`.
import { createWorker } from "eliza-edge/targets/cloudflare";
import { character } from "./character.ts";
import { ahoyPlugin } from "./plugin.ts";

export default createWorker({ character, plugins: [ahoyPlugin] });

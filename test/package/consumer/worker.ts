// A consumer's Cloudflare Worker (wrangler.toml `main`), built by `wrangler deploy --dry-run`.
import { createWorker } from "eliza-edge/targets/cloudflare";
import { ahoyPlugin } from "./plugin.ts";

export default createWorker({ plugins: [ahoyPlugin] });

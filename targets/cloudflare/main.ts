// wrangler.toml `main`. A Worker's main module may export only handlers (workerd rejects any
// other named export), so the library surface lives in index.ts and this file is the Worker.
// The env imported here is the one requests get: with it the app and the agent are built at
// startup (global scope), not in the first request.
import { env } from "cloudflare:workers";
import type { WorkerEnv } from "./env.ts";
import { createWorker } from "./worker.ts";

export default createWorker({ env: env as WorkerEnv });

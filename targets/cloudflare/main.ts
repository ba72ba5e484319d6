// wrangler.toml `main`. A Worker's main module may export only handlers (workerd rejects any
// other named export), so the library surface lives in index.ts and this file has one line.
import { createWorker } from "./worker.ts";

export default createWorker();

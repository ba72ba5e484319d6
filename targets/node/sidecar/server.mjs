// The embedding sidecar: one GGUF model per process, served over HTTP in OpenAI's embeddings
// shape. Prints one line when ready, which whoever started it waits for:
//   embedding sidecar listening on http://127.0.0.1:PORT dim=N model=NAME
// Any startup failure is one line on stderr and exit code 1. SIGTERM/SIGINT: stop accepting,
// answer what was accepted, free the model, exit 0.
import { createServer } from "node:http";
import { readConfig } from "./config.mjs";
import { createHandler } from "./http.mjs";
import { loadEmbedder } from "./model.mjs";
import { WorkQueue } from "./queue.mjs";

/** @param {string} line */
const log = (line) => process.stderr.write(`embedding sidecar: ${line}\n`);

/** @type {import("./model.mjs").Embedder | undefined} */
let embedder;
try {
  const config = readConfig(process.env);
  embedder = await loadEmbedder(config);
  const queue = new WorkQueue(embedder.contexts, config.maxQueue);
  const handler = createHandler({ config, embedder, queue });
  const server = createServer(handler.listener);
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve(undefined));
  });
  server.on("error", (error) => log(`server error: ${error.message}`));

  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  if (!/^(127\.|::1$|localhost$)/.test(config.host)) {
    log(`listening on ${config.host} without authentication: keep it off untrusted networks`);
  }
  process.stdout.write(
    `embedding sidecar listening on http://${host}:${address.port} dim=${embedder.dimension} model=${config.modelName}\n`,
  );

  let stopping = false;
  /** @param {NodeJS.Signals} signal */
  const shutdown = async (signal) => {
    if (stopping) {
      log(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: finishing accepted requests, then exiting`);
    const deadline = setTimeout(() => {
      log(`requests still unfinished after ${config.shutdownTimeoutMs} ms; exiting anyway`);
      process.exit(1);
    }, config.shutdownTimeoutMs);
    server.close();
    const drained = handler.drain();
    server.closeIdleConnections();
    await drained;
    await queue.idle();
    server.closeAllConnections();
    await embedder?.dispose();
    clearTimeout(deadline);
    process.exit(0);
  };
  process.on("SIGTERM", (signal) => void shutdown(signal));
  process.on("SIGINT", (signal) => void shutdown(signal));
} catch (error) {
  log(error instanceof Error ? error.message : String(error));
  await embedder?.dispose().catch(() => {});
  process.exit(1);
}

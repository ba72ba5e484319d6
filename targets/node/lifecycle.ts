// When the server process stops. A supervisor (docker, systemd, Kubernetes, pm2) holds one pid
// and signals it; under `npm start` that pid is npm's, which passes SIGTERM and SIGINT on to
// its child. The start script `exec`s node, so that child is this process and not a shell that
// would swallow the signal and leave the server running as an orphan. Should npm itself die
// without passing anything on (SIGKILL), this process notices it was orphaned and stops too:
// no server keeps the port and the PGlite directory with nobody left to stop it.
import type { NodeServer } from "./server.ts";
import { servingFromEnv } from "./serving.ts";

/** How often an npm-started server checks that npm is still its parent. */
const PARENT_CHECK_MS = 1_000;
/**
 * After SHUTDOWN_TIMEOUT_MS the work in flight is cut; closing the storage and the services
 * then gets this long before the process exits anyway: a stop always ends.
 */
const CLOSE_GRACE_MS = 10_000;

export function stopOnSignals(server: NodeServer, env: NodeJS.ProcessEnv): void {
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) {
      // A second signal: the operator does not want to wait for the drain.
      console.log(`${why} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${why}: shutting down`);
    setTimeout(() => {
      console.error("shutdown did not finish closing the storage in time: exiting now");
      process.exit(1);
    }, servingFromEnv(env).shutdownTimeoutMs + CLOSE_GRACE_MS).unref();
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      console.error(`shutdown failed: ${String(error)}`);
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  // npm sets npm_lifecycle_event for the scripts it runs: then our parent is npm.
  if (env.npm_lifecycle_event) {
    const parent = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid !== parent) {
        clearInterval(watch);
        void stop(`parent process ${parent} exited`);
      }
    }, PARENT_CHECK_MS);
    watch.unref();
  }
}

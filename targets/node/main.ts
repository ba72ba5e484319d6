// `npm start`: serve the agent until a signal stops it. SIGTERM (what `docker stop`, systemd
// and Kubernetes send) and SIGINT (Ctrl-C) stop it gracefully within SHUTDOWN_TIMEOUT_MS; a
// second signal, or the parent npm process dying, stops it too (see lifecycle.ts).
import { failureLine } from "./failure-line.ts";
import { stopOnSignals } from "./lifecycle.ts";
import { startNodeServer } from "./server.ts";
import { startBanner } from "./start-banner.ts";

try {
  const server = await startNodeServer();
  const { runtime } = server;
  // Stoppable before it says it is listening: whoever waits for that line may signal at once.
  stopOnSignals(server, process.env);
  console.log(startBanner(runtime, server.url, { chatCommand: "npm run chat" }));
} catch (error) {
  console.error(failureLine("eliza-edge could not start", error, process.env));
  process.exit(1);
}

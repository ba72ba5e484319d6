// `npm start`: serve the agent on localhost until Ctrl-C.
import { failureLine } from "./failure-line.ts";
import { startNodeServer } from "./server.ts";
import { startBanner } from "./start-banner.ts";

try {
  const server = await startNodeServer();
  const { runtime } = server;
  console.log(startBanner(runtime, server.url, { chatCommand: "npm run chat" }));
  const shutdown = async (signal: string) => {
    console.log(`${signal}: shutting down`);
    await server.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
} catch (error) {
  console.error(failureLine("eliza-edge could not start", error, process.env));
  process.exit(1);
}

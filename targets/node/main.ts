// `npm start`: serve the agent on localhost until Ctrl-C.
import { failureLine } from "./failure-line.ts";
import { startNodeServer } from "./server.ts";

try {
  const server = await startNodeServer();
  const { runtime } = server;
  console.log(
    `${runtime.character.name} is listening on ${server.url} (storage: ${runtime.storage.kind})\n` +
      `  try: curl -s ${server.url}/api/messages -H 'content-type: application/json' -d '{"text":"I feel sad"}'`,
  );
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

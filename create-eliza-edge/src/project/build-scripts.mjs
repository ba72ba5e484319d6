// @ts-check
// The scripts every Node-based target shares: `npm start` builds src/server.ts with
// eliza-edge's own build and runs it on node, with the hook that gives published elizaOS
// plugins eliza-edge's `@elizaos/core`.

export const SERVER_START = "node --import eliza-edge/register dist/server.js";

export const SERVER_SCRIPTS = Object.freeze({
  start: `eliza-edge build server && ${SERVER_START}`,
});

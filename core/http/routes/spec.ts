// GET /openapi.json: the committed document (what `npm run openapi` writes from the routes'
// schemas), with a `servers` entry for the origin it was asked from, so a generated client or a
// viewer pointed at a running agent calls that agent. Open like /health: it holds no data. The
// file is served as it is, not generated here: generating needs full zod, bytes the Worker
// would carry for one route.
import { Hono } from "hono";
import spec from "../../../openapi.json";
import type { AppEnv } from "../app-options.ts";

export const specRoutes = new Hono<AppEnv>().get("/openapi.json", (c) => {
  const { origin } = new URL(c.req.url);
  const document = { ...spec, servers: [{ url: origin, description: "This agent" }] };
  // A body, not c.json: the typed client and the package's types need not carry the document.
  return c.body(JSON.stringify(document), 200, { "content-type": "application/json" });
});

// GET /openapi.json: the committed document (what `npm run openapi` writes from the routes'
// schemas), with a `servers` entry for the origin it was asked from, so a generated client or a
// viewer pointed at a running agent calls that agent. Open like /health: it holds no data. The
// file is served as it is, not generated here: generating needs full zod, bytes the Worker
// would carry for one route. It is imported when first asked for: 39 KiB a start would
// otherwise compile for a route few requests take.
import { Hono } from "hono";
import type { AppEnv } from "../app-options.ts";

export const specRoutes = new Hono<AppEnv>().get("/openapi.json", async (c) => {
  const { default: spec } = await import("../../../openapi.json");
  const { origin } = new URL(c.req.url);
  const document = { ...spec, servers: [{ url: origin, description: "This agent" }] };
  // A body, not c.json: the typed client and the package's types need not carry the document.
  return c.body(JSON.stringify(document), 200, { "content-type": "application/json" });
});

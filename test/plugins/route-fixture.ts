// A plugin with elizaOS-shaped routes covering what handlers do: params and query, JSON, form
// and text bodies, headers, a throw, a handler that never answers, answering after headersSent.
import type { Plugin, RouteRequest, RouteResponse } from "../../core/index.ts";

/** The secret the throwing route puts in its error, to prove it never reaches the client. */
export const LEAKY_SECRET = "sk-live-should-never-leave-0123456789";

type Res = RouteResponse & { setHeader(name: string, value: string): Res };

export const notesPlugin: Plugin = {
  name: "notes",
  routes: [
    {
      type: "GET",
      path: "/api/notes/:noteId",
      handler: async (req: RouteRequest, res: RouteResponse) => {
        res.json({
          params: req.params,
          query: req.query,
          method: req.method,
          path: req.path,
          url: req.url,
        });
      },
    },
    {
      type: "POST",
      path: "/api/notes",
      handler: async (req: RouteRequest, res: RouteResponse, runtime) => {
        res.status(201).json({ received: req.body, agent: runtime.character.name });
      },
    },
    {
      type: "PUT",
      path: "/api/notes/:noteId",
      handler: async (req, res) => {
        res.json({ id: req.params?.noteId, type: typeof req.body, body: req.body });
      },
    },
    {
      type: "DELETE",
      path: "/api/notes/:noteId",
      handler: async (_req, res) => {
        (res as Res).setHeader("x-deleted", "yes");
        res.status(204).end();
      },
    },
    {
      type: "GET",
      path: "/notes/page",
      public: true,
      name: "Notes",
      handler: async (req, res) => {
        (res as Res).setHeader("cache-control", "no-store");
        res.send(`<h1>Notes for ${req.headers?.["x-user"] ?? "nobody"}</h1>`);
      },
    },
    {
      type: "GET",
      path: "/api/notes-boom",
      handler: async (_req, _res, runtime) => {
        // A careless plugin puts a configured secret in its error.
        throw new Error(
          `database said no (key ${LEAKY_SECRET}, token ${runtime.getSetting("API_TOKEN")})`,
        );
      },
    },
    {
      type: "GET",
      path: "/api/notes-late-boom",
      handler: async (_req, res) => {
        res.status(202).json({ accepted: true });
        throw new Error("after answering");
      },
    },
    {
      type: "POST",
      path: "/api/notes-silent",
      handler: async () => {},
    },
  ],
};

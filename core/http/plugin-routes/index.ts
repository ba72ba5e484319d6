// elizaOS plugin routes on the shared app, with express-shaped requests and responses.
export { collectPluginRoutes, mountPluginRoutes } from "./mount.ts";

// TODO describe core/http/plugin-routes
export { collectPluginRoutes, mountPluginRoutes } from "./mount.ts";

// Streaming a browser can open: a turn's events over GET for EventSource, with Last-Event-ID
// resume and keep-alive comments, authorised by a short-lived token in the URL.
export { streamRoutes } from "./routes.ts";

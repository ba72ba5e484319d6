// The one Vercel function. vercel.json rewrites every path here, so the shared app routes
// /health, /api/messages, /api/rooms/..., /api/cron and /webhooks/... itself.
import { createVercelHandler } from "../targets/vercel/index.ts";

const handler = createVercelHandler();

export const GET = handler;
export const POST = handler;
export const PUT = handler;
export const PATCH = handler;
export const DELETE = handler;
export const OPTIONS = handler;

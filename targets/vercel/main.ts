// The Vercel function's module: `npm run build:vercel` (vercel.json's buildCommand) bundles it
// into dist/vercel/main.mjs, which api/index.js serves. vercel.json rewrites every path there,
// so the shared app routes /health, /api/messages, /api/rooms/..., /api/cron and /webhooks/...
// Published elizaOS plugins go in `plugins`; the build aliases their `@elizaos/core`.
import { createVercelHandler } from "./handler.ts";

const handler = createVercelHandler();

export const GET = handler;
export const POST = handler;
export const PUT = handler;
export const PATCH = handler;
export const DELETE = handler;
export const OPTIONS = handler;

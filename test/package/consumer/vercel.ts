// A consumer's Vercel function (api/index.ts): the web-standard handler for every method.
import { createVercelHandler } from "eliza-edge/targets/vercel";
import { ahoyPlugin } from "./plugin.ts";

const handler = createVercelHandler({ plugins: [ahoyPlugin] });
export const GET = handler;
export const POST = handler;

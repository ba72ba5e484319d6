// A consumer's Vercel function (api/index.ts): the web-standard handler for every method.
import { createVercelHandler } from "eliza-edge/targets/vercel";
import { character } from "./character.ts";
import { ahoyPlugin } from "./plugin.ts";

const handler = createVercelHandler({ character, plugins: [ahoyPlugin] });
export const GET = handler;
export const POST = handler;

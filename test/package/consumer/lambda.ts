// A consumer's Lambda handler, bundled with esbuild as the user's own build would.
import { createLambdaHandler } from "eliza-edge/targets/lambda";
import { ahoyPlugin } from "./plugin.ts";

export const handler = createLambdaHandler({ plugins: [ahoyPlugin] });

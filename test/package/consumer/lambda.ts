// A consumer's Lambda handler, bundled with esbuild as the user's own build would.
import { createLambdaHandler } from "eliza-edge/targets/lambda";
import { character } from "./character.ts";
import { ahoyPlugin } from "./plugin.ts";

export const handler = createLambdaHandler({ character, plugins: [ahoyPlugin] });

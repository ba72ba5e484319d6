// serverless.yml `handler` (bundled to dist/lambda/index.js by `npm run build:lambda`).
import { createLambdaHandler } from "./handler.ts";

export const handler = createLambdaHandler();

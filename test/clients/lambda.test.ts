// The clients against the Lambda handler (buffered, as behind API Gateway), over HTTP through
// a local stand-in for API Gateway, with a local OpenAI-compatible model server. A streamed
// answer arrives whole, in one body: the SDKs and EventSource read it the same way.
import { afterAll, beforeAll } from "vitest";
import { createLambdaHandler } from "../../targets/lambda/index.ts";
import { type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import { type LambdaHttp, serveLambda } from "../support/lambda-http.ts";
import { API_TOKEN, CHARACTER, clientSuite, PLAN } from "./client-suite.ts";

let model: FakeOpenAIServer;
let gateway: LambdaHttp;

beforeAll(async () => {
  model = await startFakeOpenAI({ reply: PLAN });
  const handler = createLambdaHandler({
    env: {
      ALLOW_NO_DATABASE: "true",
      LOG_LEVEL: "error",
      API_TOKEN,
      CHARACTER_JSON: JSON.stringify(CHARACTER),
      OPENAI_BASE_URL: model.url,
      OPENAI_EMBEDDING_MODEL: "none",
    },
    selfInvoke: null,
  });
  gateway = await serveLambda(handler);
});
afterAll(async () => {
  await gateway?.close();
  await model?.close();
});

// The API Gateway event names its domain (lambda-fetch.ts): the spec's servers entry says it.
clientSuite("Lambda", () => ({ url: gateway.url, publicOrigin: "https://api.example" }));

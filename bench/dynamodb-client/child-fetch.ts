// The fetch-based client (fetch-client.ts). The first `Response` is made first, as in
// child-sdk.ts, so neither pays for loading Node's fetch classes in its figures.
import { createFetchClient } from "./fetch-client.ts";
import { credentials, endpoint, run } from "./rounds.ts";

await new Response("warm").text();
await run(createFetchClient({ endpoint, region: "us-east-1", credentials }));

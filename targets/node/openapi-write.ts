// `npm run openapi`: writes openapi.json at the package root from the routes' schemas. The
// test in test/http/openapi.test.ts fails when the committed file is out of date.
import { writeFileSync } from "node:fs";
import { openApiDocument } from "../../core/http/index.ts";
import { version } from "./version.ts";

const file = new URL("../../openapi.json", import.meta.url);
writeFileSync(file, `${JSON.stringify(openApiDocument(version), null, 2)}\n`);
console.log(`wrote ${file.pathname}`);

// TODO describe core/http/openapi
export { openApiDocument } from "./document.ts";

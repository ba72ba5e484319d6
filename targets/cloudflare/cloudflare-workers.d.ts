// The one export of workerd's built-in `cloudflare:workers` module that main.ts uses: the env
// requests get, readable at startup. @cloudflare/workers-types declares the module only in its
// global typings, which would also declare every Workers global over Node's.
declare module "cloudflare:workers" {
  export const env: unknown;
}

// The published elizaOS plugins ship no type declarations (their package.json names a
// dist/index.d.ts that is not in the tarball). Tests see them as what eliza-edge runs them as:
// plugins of the @elizaos/core surface that eliza-edge/elizaos provides.
declare module "@elizaos/plugin-bootstrap" {
  import type { Plugin } from "eliza-edge/elizaos";

  const plugin: Plugin;
  export default plugin;
}

declare module "@elizaos/plugin-starter" {
  import type { Plugin, Service } from "eliza-edge/elizaos";

  const plugin: Plugin;
  export default plugin;
  export const starterPlugin: Plugin;
  export const StarterService: typeof Service;
}

// plugin-bootstrap and plugin-starter 1.7.2 are published without a declaration file at the
// path their package.json names (bootstrap ships none, starter's sits in dist/src/), so
// TypeScript sees them untyped; declared here as what they are, elizaOS Plugins.
declare module "@elizaos/plugin-bootstrap" {
  import type { Plugin } from "@elizaos/core";
  export const bootstrapPlugin: Plugin;
  const plugin: Plugin;
  export default plugin;
}

declare module "@elizaos/plugin-starter" {
  import type { Plugin, Service } from "@elizaos/core";
  export const starterPlugin: Plugin;
  export const StarterService: typeof Service;
  const plugin: Plugin;
  export default plugin;
}

// plugin-sql's exports map hides its types; the reference run and the adapter test
// (test/elizaos) import it.
declare module "@elizaos/plugin-sql" {
  import type { Plugin } from "@elizaos/core";

  const plugin: Plugin;
  export default plugin;
  /** elizaOS's IDatabaseAdapter over PGlite (dataDir) or Postgres (postgresUrl). */
  export function createDatabaseAdapter(
    config: { dataDir?: string; postgresUrl?: string },
    agentId: string,
  ): Record<string, (...args: never[]) => Promise<unknown>> & {
    getDatabase(): unknown;
    db: unknown;
  };
  export class DatabaseMigrationService {
    initializeWithDatabase(db: unknown): Promise<void>;
    discoverAndRegisterPluginSchemas(plugins: unknown[]): void;
    runAllPluginMigrations(): Promise<void>;
  }
}

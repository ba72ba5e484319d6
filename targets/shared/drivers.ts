// Database and platform drivers are optional peer dependencies of eliza-edge: a Worker project
// installs none of them, a Lambda project the AWS SDK, and so on (create-eliza-edge adds what
// each target uses). Each is imported only where its backend is chosen, through loadDriver, so
// choosing a backend whose driver is missing fails with the command that installs it rather
// than a bare "Cannot find package".

/** The versions eliza-edge is tested with (its devDependencies; a test keeps them equal). */
export const DRIVER_VERSIONS = {
  "@electric-sql/pglite": "0.5.14",
  "@electric-sql/pglite-pgvector": "0.0.15",
  pg: "8.23.1",
  "@neondatabase/serverless": "1.2.0",
  "@aws-sdk/client-dynamodb": "3.1162.0",
  "@aws-sdk/client-lambda": "3.1162.0",
  "@discordjs/rest": "2.6.3",
  "@discordjs/ws": "2.0.4",
  "@vercel/functions": "3.9.9",
} as const;

type DriverPackage = keyof typeof DRIVER_VERSIONS;

export const DRIVERS = {
  pglite: {
    packages: ["@electric-sql/pglite", "@electric-sql/pglite-pgvector"],
    use: "The embedded database (PGlite, used when DATABASE_URL is not set)",
  },
  pg: { packages: ["pg"], use: "DATABASE_URL (Postgres)" },
  neon: {
    packages: ["@neondatabase/serverless"],
    use: "DATABASE_URL (Postgres over Neon's driver)",
  },
  dynamodb: { packages: ["@aws-sdk/client-dynamodb"], use: "DYNAMODB_TABLE (DynamoDB)" },
  lambda: {
    packages: ["@aws-sdk/client-lambda"],
    use: "LAMBDA_SELF_INVOKE=true (the Lambda's async self-invoke)",
  },
  discord: {
    packages: ["@discordjs/rest", "@discordjs/ws"],
    use: "DISCORD_GATEWAY=true (the Discord Gateway)",
  },
} satisfies Record<string, { packages: DriverPackage[]; use: string }>;

export type Driver = keyof typeof DRIVERS;

/** A chosen backend's driver is not installed; the message says how to install it. */
export class MissingDriverError extends Error {
  override name = "MissingDriverError";
}

/** `npm i` of the driver's packages at the versions eliza-edge is tested with. */
export function installCommand(driver: Driver): string {
  const packages: readonly DriverPackage[] = DRIVERS[driver].packages;
  return `npm i ${packages.map((name) => `${name}@${DRIVER_VERSIONS[name]}`).join(" ")}`;
}

/** Runs `load` (a dynamic import of code that imports the driver), naming a missing driver. */
export async function loadDriver<T>(driver: Driver, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const { packages, use } = DRIVERS[driver];
    if (!packages.some((name) => isMissingPackage(error, name))) throw error;
    // No `cause`: logs show an error chain's innermost message, and this one says more.
    throw new MissingDriverError(
      `${use} needs ${packages.join(" and ")}, which this project has not installed: ${installCommand(driver)}`,
    );
  }
}

/** Node's "Cannot find package 'x' imported from ..." (ESM) or "Cannot find module 'x'" (CJS). */
function isMissingPackage(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") return false;
  return typeof message === "string" && message.includes(`'${name}'`);
}

import pkg from "../../package.json" with { type: "json" };

/** Reported by GET /health. */
export const version: string = pkg.version;

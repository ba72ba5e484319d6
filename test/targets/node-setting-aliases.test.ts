// The Node target reads elizaOS's POSTGRES_URL and PGLITE_DATA_DIR when DATABASE_URL and
// PGLITE_DIR are unset (ours wins where both are set): real Postgres wire protocol through
// PGlite's socket server, and embedded PGlite in a temporary directory.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringToUuid } from "../../core/index.ts";
import { openNodeStorage, pgliteDir } from "../../targets/node/storage.ts";
import { type PgliteServer, startPgliteServer } from "../support/pglite-server.ts";

const agentId = stringToUuid("alias-agent");
let server: PgliteServer;
const dirs: string[] = [];
beforeAll(async () => {
  server = await startPgliteServer();
});
afterAll(async () => {
  await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "eliza-edge-alias-"));
  dirs.push(dir);
  return dir;
};

describe("Node target: elizaOS's database setting names", () => {
  it("POSTGRES_URL opens that Postgres when DATABASE_URL is unset", async () => {
    const { storage, lock } = await openNodeStorage({ POSTGRES_URL: server.url }, { agentId });
    try {
      expect(lock).toBeUndefined();
      expect(storage.kind).not.toBe("memory");
      expect(await storage.getAgent(agentId)).toBeNull();
    } finally {
      await storage.close();
    }
  });

  it("DATABASE_URL wins over POSTGRES_URL, and a bad alias is refused under our name", async () => {
    await expect(
      openNodeStorage({ POSTGRES_URL: "mysql://u:p@h/db" }, { agentId }),
    ).rejects.toThrow("DATABASE_URL is not a postgres:// URL");
    const { storage } = await openNodeStorage(
      { DATABASE_URL: server.url, POSTGRES_URL: "mysql://never/used" },
      { agentId },
    );
    await storage.close();
  });

  it("PGLITE_DATA_DIR is where embedded PGlite lives when PGLITE_DIR is unset", async () => {
    const dir = tempDir();
    const cwd = tempDir();
    expect(pgliteDir({ PGLITE_DATA_DIR: dir }, cwd)).toBe(dir);
    expect(pgliteDir({ PGLITE_DIR: "ours", PGLITE_DATA_DIR: dir }, cwd)).toBe(join(cwd, "ours"));
    const { storage, lock } = await openNodeStorage({ PGLITE_DATA_DIR: dir }, { agentId, cwd });
    try {
      expect(lock).toBeDefined();
      expect(existsSync(join(dir, "eliza-edge.lock"))).toBe(true);
      expect(existsSync(join(cwd, ".eliza-edge"))).toBe(false);
    } finally {
      await storage.close();
    }
  });
});

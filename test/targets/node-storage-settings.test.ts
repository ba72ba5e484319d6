// DATABASE_CONNECT_TIMEOUT_MS / DATABASE_QUERY_TIMEOUT_MS: a bad value is a clear startup error
// naming the setting, never a silently ignored bound.
import { describe, expect, it } from "vitest";
import { stringToUuid } from "../../core/index.ts";
import { storageFromEnv } from "../../targets/node/storage.ts";

const agentId = stringToUuid("settings-agent");
// Nothing listens on port 1: a setting accepted by mistake would surface as a connect error.
const DATABASE_URL = "postgres://u:p@127.0.0.1:1/db";

describe("Postgres timeout settings", () => {
  it.each([
    ["DATABASE_CONNECT_TIMEOUT_MS", "soon"],
    ["DATABASE_CONNECT_TIMEOUT_MS", "0"],
    ["DATABASE_QUERY_TIMEOUT_MS", "-5"],
    ["DATABASE_QUERY_TIMEOUT_MS", "1.5"],
  ])("refuses %s=%s", async (name, value) => {
    await expect(storageFromEnv({ DATABASE_URL, [name]: value }, { agentId })).rejects.toThrow(
      `${name} must be a positive whole number of milliseconds, got "${value}"`,
    );
  });

  it("applies a valid connect timeout: an unreachable database fails as UNAVAILABLE", async () => {
    const error = await storageFromEnv(
      { DATABASE_URL, DATABASE_CONNECT_TIMEOUT_MS: "300", DATABASE_QUERY_TIMEOUT_MS: "2000" },
      { agentId },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "StorageError", code: "UNAVAILABLE" });
  });
});

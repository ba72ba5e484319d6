// Shared secrets (API_TOKEN, CRON_SECRET, webhook secrets) are compared as SHA-256 digests,
// computed in JavaScript, with the configured secret's digest kept between requests.
import { describe, expect, it } from "vitest";
import { secretMatches, secretMatchesNow } from "../../core/http/auth.ts";

describe("secretMatchesNow", () => {
  it("accepts the secret itself, every time", () => {
    expect(secretMatchesNow("s3cret-token", "s3cret-token")).toBe(true);
    expect(secretMatchesNow("s3cret-token", "s3cret-token")).toBe(true);
  });

  it("refuses another secret, a prefix, a longer one, an empty one and none", () => {
    expect(secretMatchesNow("s3cret-tokem", "s3cret-token")).toBe(false);
    expect(secretMatchesNow("s3cret", "s3cret-token")).toBe(false);
    expect(secretMatchesNow("s3cret-token-and-more", "s3cret-token")).toBe(false);
    expect(secretMatchesNow("", "s3cret-token")).toBe(false);
    expect(secretMatchesNow(undefined, "s3cret-token")).toBe(false);
  });

  it("tells configured secrets apart when a process has several", () => {
    const secrets = Array.from({ length: 100 }, (_, i) => `secret-${i}`);
    for (const secret of secrets) expect(secretMatchesNow(secret, secret)).toBe(true);
    expect(secretMatchesNow("secret-1", "secret-2")).toBe(false);
    expect(secretMatchesNow("secret-99", "secret-99")).toBe(true);
  });

  it("compares non-ASCII secrets by their UTF-8 bytes", () => {
    expect(secretMatchesNow("clé-🔑", "clé-🔑")).toBe(true);
    expect(secretMatchesNow("cle-🔑", "clé-🔑")).toBe(false);
  });

  it("answers the same through the public async form", async () => {
    await expect(secretMatches("a-token", "a-token")).resolves.toBe(true);
    await expect(secretMatches("b-token", "a-token")).resolves.toBe(false);
  });
});

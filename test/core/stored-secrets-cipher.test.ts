// The cipher the agents row's secrets are sealed with (core/kernel/secrets): types survive, a wrong
// salt or a damaged value never opens, and it runs in real workerd with values Node can read.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { afterAll, describe, expect, it } from "vitest";
import { openValue, SecretDecryptError, sealValue } from "../../core/kernel/secrets/gcm-cipher.ts";
import { looksEncrypted } from "../../core/kernel/secrets/secret-cipher.ts";
import {
  hasPlainSecrets,
  openCharacterSecrets,
  sealCharacterSecrets,
} from "../../core/kernel/secrets/stored-character.ts";
import { bundleForWorkers } from "../support/bundle-check.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("stored-secret cipher", () => {
  it("round-trips strings, numbers, booleans and objects under the same salt", async () => {
    for (const value of ["sk-abc", "", "ünïcødé 🔑", 42, true, { nested: ["a", 1] }]) {
      const sealed = await sealValue(value, "salt-a");
      expect(sealed).toMatch(/^v1:gcm:[\w-]+:[\w-]+$/);
      expect(await openValue(sealed, "salt-a")).toEqual(value);
    }
  });

  it("never gives the same text twice for one value (random IV)", async () => {
    expect(await sealValue("same", "s")).not.toBe(await sealValue("same", "s"));
  });

  it("is never mistaken for elizaOS's CBC format", async () => {
    expect(looksEncrypted(await sealValue("sk-abc", "s"))).toBe(false);
  });

  it("refuses a wrong salt or a tampered value with SecretDecryptError", async () => {
    const sealed = await sealValue("sk-abc", "right");
    await expect(openValue(sealed, "wrong")).rejects.toBeInstanceOf(SecretDecryptError);
    await expect(openValue(sealed, "wrong")).rejects.toThrow(/SECRET_SALT/);
    const last = sealed.at(-2) === "A" ? "B" : "A";
    const tampered = `${sealed.slice(0, -2)}${last}${sealed.at(-1)}`;
    await expect(openValue(tampered, "right")).rejects.toBeInstanceOf(SecretDecryptError);
    await expect(openValue("v1:gcm:nonsense", "right")).rejects.toThrow(/Not a sealed secret/);
  });

  it("seals a character without touching the one it was given", async () => {
    const character = {
      name: "C",
      secrets: { A: "plain-a", EMPTY: null },
      settings: { keep: "visible", secrets: { B: "plain-b" } },
    };
    const sealed = await sealCharacterSecrets(character, "s");
    expect(character.secrets.A).toBe("plain-a");
    expect(JSON.stringify(sealed)).not.toMatch(/plain-[ab]/);
    expect(sealed).toMatchObject({ name: "C", settings: { keep: "visible" } });
    expect(hasPlainSecrets(character)).toBe(true);
    expect(hasPlainSecrets(sealed)).toBe(false);
    // Sealing twice leaves sealed values as they are.
    expect(await sealCharacterSecrets(sealed, "s")).toEqual(sealed);
    expect(await openCharacterSecrets(sealed, "s")).toEqual({ character, sealed: 0 });
    const wrong = await openCharacterSecrets(sealed, "other");
    expect(wrong.sealed).toBe(2);
    expect(wrong.character).toEqual(sealed);
  });

  describe("in real workerd", () => {
    let mf: Miniflare | undefined;
    afterAll(async () => {
      await mf?.dispose();
    });

    it("seals there what Node opens, and opens what Node sealed", async () => {
      const bundle = await bundleForWorkers(join(root, "test/fixtures/worker-secrets.ts"));
      expect(bundle.nodeImports).toEqual([]);
      mf = new Miniflare({ modules: true, script: bundle.code, compatibilityDate: "2025-09-01" });
      const call = async (body: unknown) =>
        (await (
          await mf!.dispatchFetch("http://localhost/", {
            method: "POST",
            body: JSON.stringify(body),
          })
        ).json()) as { character: Record<string, unknown>; sealed?: number };
      const character = { name: "W", secrets: { TOKEN: "workerd-secret", N: 7 } };

      const fromWorkerd = await call({ action: "seal", character, salt: "edge-salt" });
      expect(JSON.stringify(fromWorkerd)).not.toContain("workerd-secret");
      expect(await openCharacterSecrets(fromWorkerd.character, "edge-salt")).toEqual({
        character,
        sealed: 0,
      });

      const fromNode = await sealCharacterSecrets(character, "edge-salt");
      expect(await call({ action: "open", character: fromNode, salt: "edge-salt" })).toEqual({
        character,
        sealed: 0,
      });
      expect((await call({ action: "open", character: fromNode, salt: "nope" })).sealed).toBe(2);
    });
  });
});

// elizaOS's environment helpers over eliza-edge's explicit table (core reads no process.env),
// and the small runnable helpers: Semaphore, splitChunks, getLocalServerUrl.
import { describe, expect, it } from "vitest";
import {
  Environment,
  getBooleanEnv,
  getEnv,
  getEnvironment,
  getLocalServerUrl,
  getNumberEnv,
  hasCharacterSecrets,
  hasEnv,
  initBrowserEnvironment,
  isBrowser,
  isNode,
  parseCharacter,
  pingServer,
  Semaphore,
  setAllowedEnvVars,
  setDefaultSecretsFromEnv,
  setEnv,
  splitChunks,
  waitForServerReady,
} from "../../core/elizaos/index.ts";

describe("environment table", () => {
  it("starts empty, is filled by setEnv/initBrowserEnvironment and read by every accessor", async () => {
    expect(getEnv("SERVER_PORT")).toBeUndefined();
    expect(getLocalServerUrl("/api")).toBe("http://localhost:3000/api");
    setEnv("SERVER_PORT", 8787);
    initBrowserEnvironment({ env: { FLAG: "on", COUNT: "12", BAD: "x", SKIPPED: undefined } });
    expect(getLocalServerUrl("/api")).toBe("http://localhost:8787/api");
    expect(hasEnv("FLAG")).toBe(true);
    expect(hasEnv("SKIPPED")).toBe(false);
    expect(getBooleanEnv("FLAG")).toBe(true);
    expect(getBooleanEnv("MISSING", true)).toBe(true);
    expect(getNumberEnv("COUNT")).toBe(12);
    expect(getNumberEnv("BAD", 5)).toBe(5);
    expect(getEnvironment()).toBeInstanceOf(Environment);
    expect(getEnvironment().get("COUNT")).toBe("12");
    expect(isNode).toBe(false);
    expect(isBrowser).toBe(false);
  });

  it("copies allowed env values into a character's secrets without overwriting", async () => {
    setEnv("OPENAI_API_KEY", "from-env");
    setEnv("OTHER", "other");
    const character = parseCharacter({ name: "E", settings: { secrets: { OTHER: "mine" } } });
    setAllowedEnvVars(new Set(["OPENAI_API_KEY", "OTHER"]));
    expect(await setDefaultSecretsFromEnv(character)).toBe(true);
    setAllowedEnvVars(null);
    const secrets = (character.settings as { secrets: Record<string, string> }).secrets;
    expect(secrets.OPENAI_API_KEY).toBe("from-env");
    expect(secrets.OTHER).toBe("mine");
    expect(secrets.FLAG).toBeUndefined();
    expect(hasCharacterSecrets(character)).toBe(true);
    expect(hasCharacterSecrets(parseCharacter({ name: "E" }))).toBe(false);
  });
});

describe("Semaphore", () => {
  it("admits at most its count and serves waiters in order", async () => {
    const semaphore = new Semaphore(2);
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => {
        await semaphore.acquire();
        active++;
        peak = Math.max(peak, active);
        await Promise.resolve();
        order.push(i);
        active--;
        semaphore.release();
      }),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("splitChunks", () => {
  it("covers the text in overlapping chunks cut at boundaries", async () => {
    const text = Array.from({ length: 200 }, (_, i) => `Sentence number ${i} is here.`).join(" ");
    const chunks = await splitChunks(text, 100, 10);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(350);
    expect(chunks[0]?.startsWith("Sentence number 0")).toBe(true);
    expect(chunks.at(-1)?.endsWith("Sentence number 199 is here.")).toBe(true);
    expect(await splitChunks("")).toEqual([]);
  });
});

describe("pingServer and waitForServerReady", () => {
  it("answer from a real HTTP server", async () => {
    const { createServer } = await import("node:http");
    let healthy = false;
    const server = createServer((req, res) => {
      res.statusCode = req.url === "/health" && healthy ? 200 : 503;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const options = { port, host: "127.0.0.1", endpoint: "/health", pollInterval: 20 };
    try {
      expect(await pingServer(options)).toBe(false);
      await expect(waitForServerReady({ ...options, maxWaitTime: 100 })).rejects.toThrow(
        `Server failed to become ready at http://127.0.0.1:${port}/health within 100ms`,
      );
      healthy = true;
      expect(await pingServer(options)).toBe(true);
      await expect(waitForServerReady(options)).resolves.toBeUndefined();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

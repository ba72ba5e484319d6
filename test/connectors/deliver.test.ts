// The shared 429 rules of deliver.ts, read from every place a platform states its wait: the
// body (Telegram parameters.retry_after, Discord retry_after) and the Retry-After header.
import { describe, expect, it } from "vitest";
import { callApi, PlatformApiError } from "../../connectors/deliver.ts";

function platform(...responses: Response[]) {
  const calls: string[] = [];
  const fetch = (async (url: string) => {
    calls.push(url);
    const next = responses.shift();
    if (!next) throw new Error("no more scripted responses");
    return next;
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const tooMany = (headers: Record<string, string> = {}, body: unknown = { ok: false }) =>
  new Response(JSON.stringify(body), { status: 429, headers });

const call = {
  label: "test send",
  url: "https://platform.invalid/send",
  method: "POST",
  body: { text: "hi" },
  retryAfter: (b: unknown) => (b as { retry_after?: number }).retry_after,
};

async function failure(work: Promise<unknown>): Promise<PlatformApiError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof PlatformApiError))
    throw new Error(`expected a PlatformApiError: ${error}`);
  return error;
}

describe("a 429 from a platform", () => {
  it("too long to wait inline: fails at once carrying the wait for the task's next attempt", async () => {
    const sleeps: number[] = [];
    const p = platform(tooMany({}, { retry_after: 30 }));
    const error = await failure(
      callApi(call, { fetch: p.fetch, sleep: async (ms) => void sleeps.push(ms) }),
    );
    expect(error.status).toBe(429);
    expect(error.retryable).toBe(true);
    expect(error.retryAfterMs).toBe(30_000);
    expect(sleeps).toEqual([]);
    expect(p.calls).toHaveLength(1);
  });

  it("reads a Retry-After header in seconds or as an HTTP date when the body says nothing", async () => {
    const seconds = await failure(
      callApi(call, { fetch: platform(tooMany({ "retry-after": "45" })).fetch }),
    );
    expect(seconds.retryAfterMs).toBe(45_000);
    const at = new Date(Date.now() + 120_000).toUTCString();
    const dated = await failure(
      callApi(call, { fetch: platform(tooMany({ "retry-after": at })).fetch }),
    );
    expect(dated.retryAfterMs).toBeGreaterThan(60_000);
    expect(dated.retryAfterMs).toBeLessThanOrEqual(120_000);
  });

  it("a short wait is waited in full, rounded up, and a second 429 passes its wait on", async () => {
    const sleeps: number[] = [];
    const p = platform(tooMany({}, { retry_after: 1.2345 }), tooMany({}, { retry_after: 7 }));
    const error = await failure(
      callApi(call, { fetch: p.fetch, sleep: async (ms) => void sleeps.push(ms) }),
    );
    expect(sleeps).toEqual([1235]);
    expect(error.retryAfterMs).toBe(7_000);
    expect(p.calls).toHaveLength(2);
  });

  it("no stated wait, or a nonsense one: no inline retry and no floor", async () => {
    const stated: Record<string, string>[] = [
      {},
      { "retry-after": "soon" },
      { "retry-after": "-5" },
    ];
    for (const headers of stated) {
      const sleeps: number[] = [];
      const p = platform(tooMany(headers));
      const error = await failure(
        callApi(call, { fetch: p.fetch, sleep: async (ms) => void sleeps.push(ms) }),
      );
      expect(error.retryAfterMs).toBeUndefined();
      expect(sleeps).toEqual([]);
      expect(p.calls).toHaveLength(1);
    }
  });
});

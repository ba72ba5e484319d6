// Load shedding's bookkeeping (core/http/admission.ts), which the Node target puts in front of
// message turns: the running and waiting turns are bounded, a waiting turn gives up after its
// timeout, the slot passes in arrival order, and a busy process refuses new turns at once, but
// never the only one.
import { describe, expect, it } from "vitest";
import { ApiError } from "../../core/http/errors.ts";
import { createAdmission } from "../../core/http/index.ts";

const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("turn admission", () => {
  it("runs up to the limit, queues up to the limit, refuses the rest at once with 503", async () => {
    const admission = createAdmission({ maxConcurrent: 2, maxQueued: 1, queueTimeoutMs: 60_000 });
    const first = await admission.acquire();
    const second = await admission.acquire();
    const order: string[] = [];
    const third = admission.acquire().then((release) => {
      order.push("third");
      return release;
    });
    const fourth = await refused(admission.acquire());
    expect(fourth).toBeInstanceOf(ApiError);
    expect(fourth).toMatchObject({ status: 503, code: "overloaded", retryAfterSeconds: 1 });
    expect(admission.load).toEqual({ running: 2, queued: 1 });
    first();
    first(); // a second release of one slot frees nothing more
    const release = await third;
    expect(order).toEqual(["third"]);
    expect(admission.load).toEqual({ running: 2, queued: 0 });
    second();
    release();
    expect(admission.load).toEqual({ running: 0, queued: 0 });
  });

  it("a waiting turn gives up after TURN_QUEUE_TIMEOUT_MS", async () => {
    const admission = createAdmission({ maxConcurrent: 1, maxQueued: 5, queueTimeoutMs: 50 });
    const holder = await admission.acquire();
    const error = await refused(admission.acquire());
    expect(error).toMatchObject({ status: 503, code: "overloaded" });
    expect(admission.load).toEqual({ running: 1, queued: 0 });
    holder();
  });

  it("a busy process refuses new turns at once while one runs, but never the only one", async () => {
    let busy = true;
    const admission = createAdmission({
      maxConcurrent: 10,
      maxQueued: 10,
      queueTimeoutMs: 60_000,
      busy: () => busy,
    });
    const only = await admission.acquire();
    expect(await refused(admission.acquire())).toMatchObject({ status: 503, code: "overloaded" });
    busy = false;
    const next = await admission.acquire();
    only();
    next();
  });
});

// The round-trip budget is a count, not a time, so it is asserted: a change that adds a
// query to the message path fails here before it slows every message at the edge. The fifth
// trip is the stale-reply check (BASIC_CAPABILITIES_KEEP_RESP=true skips it), the sixth the
// run's log row (LOG_RETENTION_DAYS=0 skips it). A planner that asks for an extra provider
// costs nothing more: the default providers' results are reused from the state cache, so
// their reads are not repeated.
import { describe, expect, it } from "vitest";
import { backends } from "../../bench/backends.ts";
import { measureRoundTrips } from "../../bench/roundtrips/measure.ts";

describe("storage round trips per message", () => {
  it.each(["d1", "neon-http"] as const)(
    "%s stays within 5 for a message in an existing room, 6 with its run log row",
    async (name) => {
      const counted = await backends[name]();
      try {
        const figures = await measureRoundTrips(name, counted, { LOG_RETENTION_DAYS: "0" });
        expect(figures.existingRoomWarmIsolate).toBeLessThanOrEqual(5);
        expect(figures.existingRoomColdIsolate).toBeLessThanOrEqual(5);
        // The first message of a room writes the room's rows in the same batch: no extra trip.
        expect(figures.newRoom).toBeLessThanOrEqual(5);
        expect(figures.isolateStart).toBeLessThanOrEqual(1);
        expect(figures.plannerExtraProvider).toBe(figures.existingRoomWarmIsolate);
        // The run log costs exactly its one row per message.
        const logged = await measureRoundTrips(name, counted);
        expect(logged.existingRoomWarmIsolate).toBe(figures.existingRoomWarmIsolate + 1);
        expect(logged.existingRoomColdIsolate).toBe(figures.existingRoomColdIsolate + 1);
        expect(logged.newRoom).toBe(figures.newRoom + 1);
      } finally {
        await counted.close();
      }
    },
  );
});

describe("dynamodb round trips per message", () => {
  // One more than SQL: a room's entities are a participant query plus a BatchGet; the run's
  // log row is the seventh.
  // The budget is a count; the timeout only guards a hang. DynamoDB Local (Java) needed more
  // than the default 30 s for table setup plus the measured messages on a loaded 2-core box.
  it("stays within 7 for a message in an existing room", { timeout: 120_000 }, async () => {
    const counted = await backends.dynamodb();
    try {
      const figures = await measureRoundTrips("dynamodb", counted);
      expect(figures.existingRoomWarmIsolate).toBeLessThanOrEqual(7);
      expect(figures.existingRoomColdIsolate).toBeLessThanOrEqual(7);
      expect(figures.plannerExtraProvider).toBe(figures.existingRoomWarmIsolate);
    } finally {
      await counted.close();
    }
  });
});

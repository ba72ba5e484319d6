// The round-trip budget is a count, not a time, so it is asserted: a change that adds a
// query to the message path fails here before it slows every message at the edge. Three
// trips: the message's write with the default providers' reads (recent messages, the room's
// entities) in the same batch, the reply's write with the stale-reply check's read, and the
// run's log row (LOG_RETENTION_DAYS=0 skips it). A planner that asks for an extra provider
// costs nothing more: the default providers' results are reused from the state cache.
import { describe, expect, it } from "vitest";
import { backends } from "../../bench/backends.ts";
import { measureRoundTrips } from "../../bench/roundtrips/measure.ts";

describe("storage round trips per message", () => {
  it.each(["memory", "pglite", "d1", "neon-http"] as const)(
    "%s stays within 3 for a message, its run log row included",
    async (name) => {
      const counted = await backends[name]();
      try {
        const figures = await measureRoundTrips(name, counted);
        expect(figures.existingRoomWarmIsolate).toBeLessThanOrEqual(3);
        expect(figures.existingRoomColdIsolate).toBeLessThanOrEqual(3);
        // The first message of a room writes the room's rows in the same batch: no extra trip.
        expect(figures.newRoom).toBeLessThanOrEqual(3);
        expect(figures.isolateStart).toBeLessThanOrEqual(1);
        expect(figures.plannerExtraProvider).toBe(figures.existingRoomWarmIsolate);
        // The run log costs exactly its one row per message.
        const unlogged = await measureRoundTrips(name, counted, { LOG_RETENTION_DAYS: "0" });
        expect(unlogged.existingRoomWarmIsolate).toBe(figures.existingRoomWarmIsolate - 1);
        // Keeping stale replies skips the check's read, which cost no trip of its own.
        const keeping = await measureRoundTrips(name, counted, {
          BASIC_CAPABILITIES_KEEP_RESP: "true",
        });
        expect(keeping.existingRoomWarmIsolate).toBe(figures.existingRoomWarmIsolate);
      } finally {
        await counted.close();
      }
    },
  );
});

describe("dynamodb round trips per message", () => {
  // One more than SQL: a room's entities are a participant query, then a BatchGet. Reads go
  // beside the writes, so side-by-side requests make one round trip (bench/roundtrips/counters.ts).
  // The budget is a count; the timeout only guards a hang. DynamoDB Local (Java) needed more
  // than the default 30 s for table setup plus the measured messages on a loaded 2-core box.
  it("stays within 4 for a message in an existing room", async () => {
    const counted = await backends.dynamodb();
    try {
      const figures = await measureRoundTrips("dynamodb", counted);
      expect(figures.existingRoomWarmIsolate).toBeLessThanOrEqual(4);
      expect(figures.existingRoomColdIsolate).toBeLessThanOrEqual(4);
      expect(figures.newRoom).toBeLessThanOrEqual(4);
      expect(figures.plannerExtraProvider).toBe(figures.existingRoomWarmIsolate);
    } finally {
      await counted.close();
    }
  });
});

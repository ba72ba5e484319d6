// `npm run bench:roundtrips`: storage round trips per message, per backend.
import { backends } from "../backends.ts";
import { measureRoundTrips, type RoundTrips } from "./measure.ts";

const rows: RoundTrips[] = [];
for (const [name, open] of Object.entries(backends)) {
  const counted = await open();
  try {
    rows.push(await measureRoundTrips(name, counted));
  } finally {
    await counted.close();
  }
}

console.log("Storage round trips per handleMessage (scripted model, API message)\n");
console.log(
  "| backend | message, existing room, warm isolate | same, fresh isolate | message, new room | planner asks for an extra provider | isolate start |",
);
console.log("|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.backend} | ${r.existingRoomWarmIsolate}${r.requests === undefined ? "" : ` (${r.requests} requests)`} | ${r.existingRoomColdIsolate} | ${r.newRoom} | ${r.plannerExtraProvider} | ${r.isolateStart} |`,
  );
}
console.log(
  "\nBudget: at most 3 per message on memory, PGlite, Neon HTTP and D1, 4 on DynamoDB (whose",
);
console.log("side-by-side requests count once: a round trip is a step of the longest chain).");

// What D1 itself costs workerd for one turn, so the D1 rows can be split into the database's
// work and the Worker's. Locally D1 runs in the same workerd process as the Worker (Miniflare's
// D1 over SQLite), so its CPU lands in the Worker's figure; on Cloudflare it runs elsewhere.
// Here the agent runs in this Node process instead, on the same D1 reached through the bridge
// Worker (test/support/d1-over-fetch.ts): workerd then does only D1's work, plus the bridge's
// hop for each round trip, which is taken off at the bare Worker's cost per request.
import { createD1Storage } from "../../adapters/d1/index.ts";
import {
  ChannelType,
  characterAgentId,
  createAgent,
  createUniqueUuid,
  messageService,
  silentLogger,
} from "../../core/index.ts";
import { characterFromEnv } from "../../targets/shared/index.ts";
import { D1_BRIDGE_HOST } from "../../test/support/d1-bridge-worker.ts";
import { d1OverFetch } from "../../test/support/d1-over-fetch.ts";
import { readProcCpu } from "../proc-cpu.ts";
import type { Workerd } from "./measure.ts";

export interface D1Alone {
  /** workerd's CPU per message while the agent ran in Node on its D1, ms. */
  cpuMs: number;
  /** Round trips to D1 per message. */
  roundTrips: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An agent in this process over `workerd`'s D1, and a function that measures a batch. */
export async function d1AloneAgent(workerd: Workerd) {
  let trips = 0;
  const db = d1OverFetch((url, init) => {
    trips++;
    return workerd.mf.dispatchFetch(url, init as never) as unknown as Promise<Response>;
  }, `http://${D1_BRIDGE_HOST}/`);
  const character = characterFromEnv({});
  const runtime = await createAgent({
    character,
    storage: createD1Storage(db, { agentId: characterAgentId(character) }),
    env: { RATE_LIMIT_USER_PER_MINUTE: "0", RATE_LIMIT_ROOM_PER_MINUTE: "0" },
    logger: silentLogger,
  });
  const entityId = createUniqueUuid(runtime, "bench-user");
  // A room of its own, beside the D1 Worker's.
  const roomId = createUniqueUuid(runtime, "bench-room-from-node");
  const send = (text: string) =>
    messageService.handleMessage(
      runtime,
      { entityId, roomId, content: { text, source: "api", channelType: ChannelType.API } },
      undefined,
      { connection: { entityId, roomId, source: "api", type: ChannelType.API, userName: "u" } },
    );
  return async (count: number): Promise<D1Alone> => {
    const tripsBefore = trips;
    const before = readProcCpu(workerd.pid).threadsMs;
    for (let i = 0; i < count; i++) await send(`message number ${i}: how are you today?`);
    await sleep(30);
    const cpuMs = readProcCpu(workerd.pid).threadsMs - before;
    return { cpuMs: cpuMs / count, roundTrips: (trips - tripsBefore) / count };
  };
}

// One handleMessage per backend, with round trips counted at the wire. The scenario is the
// common one on the edge: a message in a room that already exists, handled by a fresh isolate
// (nothing cached) and by a warm one. Model time is zero: a scripted model answers.
import {
  ChannelType,
  createAgent,
  createUniqueUuid,
  messageService,
  type Plugin,
  parseCharacter,
  type StorageAdapter,
} from "../../core/index.ts";

export interface CountedStorage {
  storage: StorageAdapter;
  /** Round trips so far. */
  read(): number;
  /** Requests so far, where side-by-side requests make one round trip (DynamoDB). */
  requests?(): number;
  close(): Promise<void>;
}

export interface RoundTrips {
  backend: string;
  /** Runtime start in a fresh isolate (agent record), once per isolate, not per message. */
  isolateStart: number;
  /** A message in a new room: the conversation's rows are created with it. */
  newRoom: number;
  /** A message in an existing room, handled by a fresh isolate. */
  existingRoomColdIsolate: number;
  /** A message in an existing room, handled by a warm isolate. */
  existingRoomWarmIsolate: number;
  /**
   * The same, where the planner asks for an extra provider (one that does no I/O): the second
   * composeState runs only that provider, so this must equal existingRoomWarmIsolate.
   */
  plannerExtraProvider: number;
  /** Requests of the warm-isolate message, where they differ from its round trips. */
  requests?: number;
}

const character = parseCharacter({ name: "Bench", bio: ["Counts round trips."] });
const EXTRA = "BENCH_EXTRA";
const plain = "<response><actions>REPLY</actions><text>ok</text></response>";
const withExtra = `<response><actions>REPLY</actions><providers>${EXTRA}</providers><text>ok</text></response>`;
const scripted: Plugin = {
  name: "scripted",
  priority: 100,
  models: {
    // A message that says "extra" gets a plan naming the extra provider.
    TEXT_LARGE: async (_runtime, params) =>
      String((params as { userText?: string }).userText).includes("extra") ? withExtra : plain,
    TEXT_SMALL: async () => "<response><action>RESPOND</action></response>",
  },
  // Only run when the planner names it; computes its text without touching storage.
  providers: [{ name: EXTRA, dynamic: true, get: async () => ({ text: "extra context" }) }],
};
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** `env`: settings for the agent, e.g. LOG_RETENTION_DAYS=0 to measure without the run log. */
export async function measureRoundTrips(
  backend: string,
  counted: CountedStorage,
  env: Record<string, string> = {},
): Promise<RoundTrips> {
  const { storage, read } = counted;
  const agent = () => createAgent({ character, storage, env, plugins: [scripted], logger: quiet });
  const cost = async (work: () => Promise<unknown>) => {
    const before = read();
    await work();
    return read() - before;
  };

  let runtime = await agent(); // creates the agent record; not counted
  const send = (text: string) => {
    const entityId = createUniqueUuid(runtime, "bench-user");
    const roomId = createUniqueUuid(runtime, "bench-room");
    return messageService.handleMessage(
      runtime,
      { entityId, roomId, content: { text, channelType: ChannelType.API, source: "bench" } },
      undefined,
      { connection: { entityId, roomId, source: "bench", type: ChannelType.API, userName: "u" } },
    );
  };
  const newRoom = await cost(() => send("first"));
  const isolateStart = await cost(async () => {
    runtime = await agent();
  });
  const existingRoomColdIsolate = await cost(() => send("second"));
  const requestsBefore = counted.requests?.();
  const existingRoomWarmIsolate = await cost(() => send("third"));
  const requests =
    requestsBefore === undefined ? undefined : (counted.requests?.() ?? 0) - requestsBefore;
  const plannerExtraProvider = await cost(() => send("fourth, with extra context"));
  return {
    backend,
    isolateStart,
    newRoom,
    existingRoomColdIsolate,
    existingRoomWarmIsolate,
    plannerExtraProvider,
    ...(requests !== undefined ? { requests } : {}),
  };
}

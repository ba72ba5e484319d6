// What every conformance case file shares: the setup contract a backend fills in, the fake
// clock, deterministic ids, and the rows most cases need to exist first (SQL backends enforce
// foreign keys, so memories, participants, logs and tasks get a real agent, world and room).
import { expect } from "vitest";
import { stringToUuid } from "../../core/kernel/ids/uuid.ts";
import {
  type StorageAdapter,
  StorageError,
  type StorageErrorCode,
} from "../../core/kernel/storage/contract.ts";
import type { Entity, Memory, Room, UUID, World } from "../../core/kernel/types/domain.ts";

/** Options the suite passes to every storage it asks for. */
export interface ConformanceStorageOptions {
  /** The fake clock: createdAt, cache TTL and claimOnce's default "now" must read it. */
  now: () => number;
}

/** What a backend provides to run the conformance suite against itself. */
export interface ConformanceSetup {
  /**
   * A storage over an empty database reading time from `options.now`. The suite calls
   * `init()` on it once. Called before every test, unless `reset` is given.
   */
  create(options: ConformanceStorageOptions): Promise<StorageAdapter>;
  /**
   * For backends slow to create (PGlite): when given, `create` runs once for the whole suite
   * and `reset` empties every table before each test, keeping the schema.
   */
  reset?(storage: StorageAdapter): Promise<void>;
  /** Tears a storage down; defaults to `storage.close()`. */
  destroy?(storage: StorageAdapter): Promise<void>;
  capabilities?: {
    /** The largest row the backend holds (D1 1,000,000; DynamoDB 400 KB). */
    maxRowBytes?: number;
    /**
     * `count` more clients over the same database as `storage` (separate connections), so
     * claim races cross connections. The suite closes each one after the test; closing a
     * client must leave the database intact.
     */
    concurrentClients?(
      storage: StorageAdapter,
      count: number,
      options: ConformanceStorageOptions,
    ): Promise<StorageAdapter[]>;
    /**
     * Another client over the same database as `storage`, created with the adapter's
     * `agentId` option set to `agentId` (as two agents sharing one database run). The suite
     * closes it after the test; closing it must leave the database intact.
     */
    agentClient?(
      storage: StorageAdapter,
      agentId: UUID,
      options: ConformanceStorageOptions,
    ): Promise<StorageAdapter>;
    /**
     * Expired claims and cache entries are deleted by the backend's own TTL (DynamoDB), so
     * sweepExpired deletes nothing and reports 0; they still read as absent.
     */
    expiresByTtl?: boolean;
  };
}

/** A clock that only moves when a test moves it. */
export class FakeClock {
  static readonly START = Date.UTC(2030, 0, 1);
  private current = FakeClock.START;
  readonly now = (): number => this.current;
  advance(ms: number): void {
    this.current += ms;
  }
  reset(): void {
    this.current = FakeClock.START;
  }
}

/** The pinned embedding width for every case. */
export const DIMENSION = 8;

/** What each case file receives from describeStorageConformance. */
export interface ConformanceContext {
  /** The storage for the running test (fresh or reset). */
  storage(): StorageAdapter;
  clock: FakeClock;
  setup: ConformanceSetup;
  /**
   * `count` storages racing over the same database: separate clients when the backend
   * offers them, else the one storage `count` times.
   */
  racers(count: number): Promise<StorageAdapter[]>;
  /** A client serving `agentId` over the same database, or undefined if the backend has none. */
  agentClient(agentId: UUID): Promise<StorageAdapter | undefined>;
}

/** A deterministic id per label, so failures name what they are about. */
export function id(label: string): UUID {
  return stringToUuid(`conformance:${label}`);
}

export const AGENT_ID = id("agent");
export const WORLD_ID = id("world");
export const ROOM_ID = id("room");
export const OTHER_ROOM_ID = id("room-other");
export const USER_ID = id("user");
export const OTHER_USER_ID = id("user-other");

export function world(overrides: Partial<World> = {}): World {
  return { id: WORLD_ID, name: "World", agentId: AGENT_ID, serverId: "server-1", ...overrides };
}

export function room(overrides: Partial<Room> = {}): Room {
  return {
    id: ROOM_ID,
    name: "Room",
    agentId: AGENT_ID,
    source: "test",
    type: "GROUP",
    channelId: "channel-1",
    serverId: "server-1",
    worldId: WORLD_ID,
    ...overrides,
  };
}

export function entity(entityId: UUID, names: string[] = ["User"]): Entity & { id: UUID } {
  return { id: entityId, names, agentId: AGENT_ID, metadata: { source: "test" } };
}

/**
 * The agent, one world, two rooms and two entities that most cases hang rows from; both
 * entities take part in ROOM_ID, only USER_ID in OTHER_ROOM_ID.
 */
export async function seed(storage: StorageAdapter): Promise<void> {
  await storage.createAgent({ id: AGENT_ID, name: "Conformance Agent", enabled: true });
  await storage.createWorld(world());
  await storage.createRooms([room(), room({ id: OTHER_ROOM_ID, name: "Other room" })]);
  await storage.createEntities([
    entity(AGENT_ID, ["Conformance Agent"]),
    entity(USER_ID, ["User"]),
    entity(OTHER_USER_ID, ["Other user"]),
  ]);
  await storage.addParticipantsRoom([AGENT_ID, USER_ID, OTHER_USER_ID], ROOM_ID);
  await storage.addParticipantsRoom([USER_ID], OTHER_ROOM_ID);
}

export function message(text: string, overrides: Partial<Memory> = {}): Memory {
  return {
    entityId: USER_ID,
    agentId: AGENT_ID,
    roomId: ROOM_ID,
    worldId: WORLD_ID,
    content: { text, source: "test" },
    ...overrides,
  };
}

/** A DIMENSION-wide vector from its first few components (the rest are 0). */
export function vector(...head: number[]): number[] {
  return [...head, ...new Array<number>(DIMENSION - head.length).fill(0)];
}

/** Floats may pass through float32 (pgvector, D1 blobs): compare within float32 precision. */
export function expectVectorClose(actual: number[] | undefined, expected: number[]): void {
  expect(actual).toBeDefined();
  expect(actual).toHaveLength(expected.length);
  for (const [i, value] of expected.entries()) expect(actual?.[i]).toBeCloseTo(value, 5);
}

/** Asserts the promise rejects with a StorageError carrying `code`. */
export async function expectStorageError(
  promise: Promise<unknown>,
  code: StorageErrorCode,
): Promise<StorageError> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected a StorageError ${code}, but nothing was thrown`).toBeDefined();
  expect(caught).toBeInstanceOf(StorageError);
  expect((caught as StorageError).code).toBe(code);
  return caught as StorageError;
}

/** Order-insensitive comparison of id lists. */
export function sortedIds(rows: { id?: UUID }[] | UUID[]): string[] {
  return rows.map((row) => (typeof row === "string" ? row : String(row.id))).sort();
}

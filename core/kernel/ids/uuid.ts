// UUIDs compatible bit for bit with elizaOS: stored rows and ids derived by elizaOS agents
// (the agent id from its name, room ids from platform ids) stay the same here.
import { sha1 } from "@noble/hashes/legacy.js";
import type { UUID } from "../types/index.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function validateUuid(value: unknown): UUID | null {
  return typeof value === "string" && UUID_PATTERN.test(value) ? (value as UUID) : null;
}

/**
 * elizaOS's deterministic id: SHA-1 of encodeURIComponent(s), first 16 bytes, RFC 4122
 * variant bits set and the version nibble left at 0. A string that already is a UUID is
 * returned unchanged, as elizaOS does.
 */
export function stringToUuid(target: string | number): UUID {
  const text = typeof target === "number" ? String(target) : target;
  // elizaOS throws here (its tests pin it); hashing "null" or "[object Object]" would hand
  // every caller with a missing id the same UUID.
  if (typeof text !== "string") throw new TypeError("Value must be string");
  if (validateUuid(text)) return text as UUID;
  encoder ??= new TextEncoder();
  const bytes = sha1(encoder.encode(encodeURIComponent(text)));
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  bytes[6] = (bytes[6] ?? 0) & 0x0f;
  // Every reply of every turn gets an id this way: a table lookup per byte, not a string
  // formatted and padded per byte.
  hexPairs ??= Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));
  const hex = hexPairs;
  let out = "";
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) out += "-";
    out += hex[bytes[i]!];
  }
  return out as UUID;
}

// Made on first use, not at module load.
let encoder: TextEncoder | undefined;
let hexPairs: string[] | undefined;

/** An id unique to this agent: the same platform id under two agents gives two rooms. */
export function createUniqueUuid(runtime: { agentId: UUID }, baseUserId: string): UUID {
  if (baseUserId === runtime.agentId) return runtime.agentId;
  return stringToUuid(`${baseUserId}:${runtime.agentId}`);
}

let counted: number | undefined;

/** A random v4 id. Called per request, never at module load (workerd forbids it there). */
export function randomUuid(): UUID {
  try {
    return crypto.randomUUID() as UUID;
  } catch (error) {
    if (counted === undefined) throw error;
    counted++;
    return `00000000-0000-4000-8000-${counted.toString(16).padStart(12, "0")}` as UUID;
  }
}

/**
 * Runs `work` with counted ids wherever the platform refuses random values: a Worker's global
 * scope, where the Worker's throwaway warm-up turn runs (targets/cloudflare/warm-up.ts). Its
 * ids never reach a real agent's storage. Elsewhere randomUuid still throws workerd's error.
 */
export async function withIdsWhereRandomRefused<T>(work: () => Promise<T>): Promise<T> {
  counted = 0;
  try {
    return await work();
  } finally {
    counted = undefined;
  }
}

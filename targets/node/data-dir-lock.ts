// One process per PGlite directory. PGlite is Postgres in wasm with no shared-memory locking:
// two processes on one directory each keep their own copy of the pages and overwrite each
// other's writes (issue 12: a `tick` next to `npm start` lost 30 replies). The opener writes
// eliza-edge.lock in the directory; everyone else reads it to refuse, or to find the server.
//
// A lock outlives its process only after a crash (kill -9, power loss). It is stale when its
// pid is not running on this host, or when another host wrote it (a container restarted with a
// new hostname on the same volume); a stale lock is taken over, so a crash never blocks the
// next start. "Running" is read from /proc where there is one (process-state.ts): a zombie (a
// dead server its parent has not reaped, as under an init that never reaps) is not running, and
// neither is the pid when another process has it now (it started after the lock was written).
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { processState } from "./process-state.ts";

export const LOCK_FILE = "eliza-edge.lock";

export interface LockHolder {
  pid: number;
  host: string;
  /** ISO time the holder took the lock. */
  startedAt: string;
  /** What holds it: "start", "tick", "migrate", "chat", "knowledge:ingest". */
  command: string;
  /** The server's URL, once it serves. */
  url?: string;
  /** When the holder process started, in clock ticks after boot (Linux /proc), to tell a reused pid. */
  procStart?: number;
}

export interface DataDirLock {
  readonly path: string;
  readonly holder: LockHolder;
  /** Records the URL the server listens on, for `chat` and for error messages. */
  setUrl(url: string): void;
  /** Removes the lock if it is still ours. Safe to call twice. */
  release(): void;
}

export class DataDirBusyError extends Error {
  override name = "DataDirBusyError";
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `PGLITE_DIR ${dir} is in use by ${describeHolder(holder)}; only one process may open it: stop that process, or use its server (delete ${join(dir, LOCK_FILE)} only if no such process exists)`,
    );
  }
}

export function describeHolder(holder: LockHolder): string {
  const where = holder.url ? `, serving ${holder.url}` : "";
  return `eliza-edge ${holder.command} (pid ${holder.pid}${where})`;
}

function read(path: string): LockHolder | undefined {
  try {
    const data = JSON.parse(readFileSync(path, "utf8")) as LockHolder;
    return typeof data.pid === "number" && typeof data.host === "string" ? data : undefined;
  } catch {
    // Missing, or half-written by a crash: either way nobody can be shown as its holder.
    return undefined;
  }
}

/** Lock files this process holds: its own pid in a lock it does not hold is a past life's. */
const held = new Set<string>();

function alive(holder: LockHolder, path: string): boolean {
  if (holder.host !== hostname()) return false;
  // A container restarted on the same volume often gets the same pid back.
  if (holder.pid === process.pid) return held.has(path);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the pid exists but belongs to another user; ESRCH: no such process.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // The pid exists. Without /proc (macOS) that is all there is to know.
  const state = processState(holder.pid);
  if (!state) return true;
  if (state.zombie) return false;
  if (holder.procStart !== undefined) return state.startTicks === holder.procStart;
  // A lock written before procStart was recorded: a process that started after the lock was
  // written cannot be its holder (a second of slack for the clock's rounding).
  const written = Date.parse(holder.startedAt);
  return Number.isNaN(written) || state.startedAtMs <= written + 1_000;
}

/** The live holder of the directory's lock, if any (stale locks do not count). */
export function lockHolder(dir: string): LockHolder | undefined {
  const path = join(dir, LOCK_FILE);
  const holder = read(path);
  return holder && alive(holder, path) ? holder : undefined;
}

const same = (a: LockHolder | undefined, b: LockHolder) =>
  a?.pid === b.pid && a.host === b.host && a.startedAt === b.startedAt;

/** Takes the directory's lock or throws DataDirBusyError naming the live holder. */
export function acquireDataDirLock(dir: string, command: string): DataDirLock {
  const path = join(dir, LOCK_FILE);
  const own = processState(process.pid);
  const holder: LockHolder = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    command,
    ...(own ? { procStart: own.startTicks } : {}),
  };
  // Written whole beside it, then linked in place: link fails if the lock exists, and a
  // reader never sees a half-written lock.
  const draft = `${path}.${process.pid}.tmp`;
  writeFileSync(draft, JSON.stringify(holder));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(draft, path);
        return ownedLock(path, holder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const current = read(path);
      if (current && alive(current, path)) throw new DataDirBusyError(dir, current);
      takeOverStale(path);
    }
    throw new Error(`could not take the lock ${path}: it keeps changing`);
  } finally {
    unlinkSync(draft);
  }
}

/**
 * Moves a stale lock aside atomically (one racer wins the rename). If what was moved turns out
 * to be a live lock written in between, it is put back.
 */
function takeOverStale(path: string): void {
  const aside = `${path}.stale-${process.pid}-${Date.now()}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const moved = read(aside);
  if (moved && alive(moved, path)) {
    try {
      linkSync(aside, path);
    } catch {
      // Someone else took the free lock meanwhile; theirs stands.
    }
  }
  unlinkSync(aside);
}

function ownedLock(path: string, holder: LockHolder): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(path);
    process.off("exit", release);
    if (same(read(path), holder)) {
      try {
        unlinkSync(path);
      } catch {
        // Already gone.
      }
    }
  };
  held.add(path);
  // A process.exit() elsewhere skips close(); the lock goes with the process anyway.
  process.once("exit", release);
  return {
    path,
    holder,
    setUrl(url) {
      holder.url = url;
      // Written beside and renamed over: a reader never sees half a file.
      const next = `${path}.${process.pid}.tmp`;
      writeFileSync(next, JSON.stringify(holder));
      renameSync(next, path);
    },
    release,
  };
}

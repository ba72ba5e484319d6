// One process per PGlite directory: the lock the Node target takes in PGLITE_DIR refuses a
// second opener with one line naming the holder, and a lock left by a crash (dead pid, another
// host, a torn file) never blocks the next opener.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  acquireDataDirLock,
  DataDirBusyError,
  LOCK_FILE,
  lockHolder,
} from "../../targets/node/data-dir-lock.ts";
import { processState } from "../../targets/node/process-state.ts";
import { openNodeStorage } from "../../targets/node/storage.ts";
import { eventually } from "../support/eventually.ts";
import { tempDataDir } from "../support/spawn-node-target.ts";

/** A pid that certainly belonged to a process and is now free: a child that has exited. */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid!;

const staleLock = (dir: string, holder: Record<string, unknown>) =>
  writeFileSync(
    join(dir, LOCK_FILE),
    JSON.stringify({
      host: hostname(),
      // Written now: its holder (pid 1, say) started before it, as a real holder does.
      startedAt: new Date().toISOString(),
      command: "start",
      ...holder,
    }),
  );

describe("PGLITE_DIR lock", () => {
  it("refuses a second opener with one line naming the holder's pid and URL", async () => {
    const dir = tempDataDir();
    const first = acquireDataDirLock(dir, "start");
    first.setUrl("http://127.0.0.1:4321");
    expect(lockHolder(dir)).toMatchObject({ pid: process.pid, url: "http://127.0.0.1:4321" });
    // Through the Node target's storage opener, as `tick` or `chat` would open it.
    const second = openNodeStorage(
      { PGLITE_DIR: dir },
      { agentId: crypto.randomUUID() as never, command: "tick" },
    );
    await expect(second).rejects.toThrow(DataDirBusyError);
    const message = await second.catch((e: Error) => e.message);
    expect(message).toBe(
      `PGLITE_DIR ${dir} is in use by eliza-edge start (pid ${process.pid}, serving http://127.0.0.1:4321); only one process may open it: stop that process, or use its server (delete ${join(dir, LOCK_FILE)} only if no such process exists)`,
    );
    expect(message).not.toContain("\n");
    first.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const again = acquireDataDirLock(dir, "migrate");
    expect(lockHolder(dir)?.command).toBe("migrate");
    again.release();
  });

  it("takes over a lock whose pid is dead, one from another host, and a torn one", () => {
    const dir = tempDataDir();
    const pid = deadPid();
    staleLock(dir, { pid });
    expect(lockHolder(dir)).toBeUndefined();
    const lock = acquireDataDirLock(dir, "start");
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), "utf8")).pid).toBe(process.pid);
    lock.release();

    staleLock(dir, { pid: 1, host: "container-before-restart" });
    acquireDataDirLock(dir, "start").release();

    writeFileSync(join(dir, LOCK_FILE), '{"pid":');
    acquireDataDirLock(dir, "start").release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it("refuses while the holder's pid is alive on this host", () => {
    const dir = tempDataDir();
    // pid 1 is always alive.
    staleLock(dir, { pid: 1, url: "http://127.0.0.1:3000" });
    expect(() => acquireDataDirLock(dir, "tick")).toThrow(
      /in use by eliza-edge start \(pid 1, serving http:\/\/127\.0\.0\.1:3000\)/,
    );
  });

  it("releases only its own lock", () => {
    const dir = tempDataDir();
    const lock = acquireDataDirLock(dir, "start");
    // Someone judged it stale and took over (say, after a long pause): ours must not delete theirs.
    staleLock(dir, { pid: 1 });
    lock.release();
    expect(lockHolder(dir)?.pid).toBe(1);
  });

  it("takes over a lock whose holder is a zombie: dead, though no init has reaped it yet", async () => {
    // A shell that forks a short sleep and then becomes a long one, which never reaps: the short
    // one, once it ends, stays a zombie, as a crashed server does under an init that never reaps.
    const parent = spawn("sh", ["-c", "sleep 0.05 & echo $!; exec sleep 60"], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    try {
      const pid = Number(
        await new Promise<string>((resolve) =>
          parent.stdout.once("data", (d) => resolve(String(d))),
        ),
      );
      await eventually("the child to be a zombie", () => processState(pid)?.zombie);
      // kill(pid, 0) calls it alive; the lock must not.
      expect(() => process.kill(pid, 0)).not.toThrow();
      const dir = tempDataDir();
      staleLock(dir, { pid });
      expect(lockHolder(dir)).toBeUndefined();
      acquireDataDirLock(dir, "start").release();
    } finally {
      parent.kill("SIGKILL");
    }
  });

  it("takes over a lock whose pid another process has since (it started after the lock)", async () => {
    const dir = tempDataDir();
    const other = spawn("sleep", ["60"], { stdio: "ignore" });
    try {
      await eventually("the process to run", () => processState(other.pid!));
      // Written an hour before this process started, by whoever had the pid then...
      staleLock(dir, { pid: other.pid, startedAt: new Date(Date.now() - 3_600_000).toISOString() });
      expect(lockHolder(dir)).toBeUndefined();
      // ...or naming a start time that is not this process's.
      staleLock(dir, { pid: other.pid, procStart: processState(other.pid!)!.startTicks - 1 });
      expect(lockHolder(dir)).toBeUndefined();
      // The same pid and start time: the holder itself, still running.
      staleLock(dir, { pid: other.pid, procStart: processState(other.pid!)!.startTicks });
      expect(lockHolder(dir)?.pid).toBe(other.pid);
      expect(() => acquireDataDirLock(dir, "tick")).toThrow(DataDirBusyError);
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("records the holder's start time, so a restart that gets the same pid back is told apart", () => {
    const dir = tempDataDir();
    const lock = acquireDataDirLock(dir, "start");
    expect(lock.holder.procStart).toBe(processState(process.pid)?.startTicks);
    lock.release();
  });
});

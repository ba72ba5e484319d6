// Background work on Lambda. The shared app hands work to `waitUntil`, but a Lambda is frozen
// as soon as it returns, so that work stops mid-flight. Two things make it finish anyway:
// - the webhook inbox stores each message as a task leased to the request. The leases a
//   request takes are recorded here and handed to an async self-invoke, which frees them and
//   runs a tick at once; without self-invoke they expire and the next scheduled tick runs
//   the task (the inbox sweep).
// - work frozen in this container resumes when the container next thaws; a continuing
//   invocation lets it finish first, so the tick it runs next does not race it.
import { AsyncLocalStorage } from "node:async_hooks";
import type { StorageAdapter, Task } from "../../core/index.ts";
import type { HandedOffLease } from "./events.ts";

interface Invocation {
  work: Promise<unknown>[];
  leases: HandedOffLease[];
}

const current = new AsyncLocalStorage<Invocation>();

/** One container's background work: what its invocations started and has not settled yet. */
export class BackgroundWork {
  private readonly unsettled = new Set<Promise<unknown>>();

  /** Runs one invocation with its own record of background work and leases taken. */
  async track<T>(
    run: () => Promise<T>,
  ): Promise<{ result: T; work: Promise<unknown>[]; leases: HandedOffLease[] }> {
    const invocation: Invocation = { work: [], leases: [] };
    const result = await current.run(invocation, run);
    return { result, work: invocation.work, leases: invocation.leases };
  }

  /** The app's `waitUntil` on Lambda: remember the work; it cannot outlive the response here. */
  keep(work: Promise<unknown>): void {
    current.getStore()?.work.push(work);
    this.unsettled.add(work);
    const forget = () => this.unsettled.delete(work);
    work.then(forget, forget);
  }

  /** Lets work frozen in this container (by an earlier invocation) finish. */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.unsettled]);
  }
}

/**
 * The storage as the agent sees it, noting every task created with a lease (the inbox's
 * "accepted, running in the background") for the invocation that created it.
 */
export function recordLeases(storage: StorageAdapter): StorageAdapter {
  return new Proxy(storage, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== "createTask" || typeof value !== "function") {
        return typeof value === "function" ? value.bind(target) : value;
      }
      return async (task: Task) => {
        const id = await value.call(target, task);
        if (task.leaseOwner)
          current.getStore()?.leases.push({ taskId: id, owner: task.leaseOwner });
        return id;
      };
    },
  });
}

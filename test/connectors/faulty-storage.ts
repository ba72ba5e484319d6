// A storage wrapper for failure tests: freeze reads so a background turn hangs as if its
// isolate died, or make every call fail as a backend outage does.
import { type StorageAdapter, StorageError } from "../../core/index.ts";

export interface FaultyStorage {
  storage: StorageAdapter;
  /** While set, getTask never answers: the turn started after the ack is stuck for good. */
  freeze: boolean;
  /** While set, every call fails with UNAVAILABLE. */
  outage: boolean;
}

export function faulty(inner: StorageAdapter): FaultyStorage {
  const state: FaultyStorage = { storage: inner, freeze: false, outage: false };
  state.storage = new Proxy(inner, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (state.outage && key !== "close" && key !== "init") {
          return Promise.reject(new StorageError("UNAVAILABLE", "connection refused"));
        }
        if (state.freeze && key === "getTask") return new Promise(() => {});
        return value.apply(target, args);
      };
    },
  });
  return state;
}

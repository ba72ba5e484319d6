// A storage wrapper for failure tests: freeze reads so a background turn hangs as if its
// isolate died, or make every call fail as a backend outage does.
import { type StorageAdapter, StorageError } from "../../core/index.ts";

export interface FaultyStorage {
  storage: StorageAdapter;
  /** While set, getTask never answers: the turn started after the ack is stuck for good. */
  freeze: boolean;
  /** While set, no call answers at all (but init and close): the process is as good as dead. */
  freezeAll: boolean;
  /** While set, every call fails with UNAVAILABLE. */
  outage: boolean;
  /** Ends the frozen calls with an error, so a test can shut their caller down. */
  release(): void;
}

export function faulty(inner: StorageAdapter): FaultyStorage {
  const frozen: ((error: Error) => void)[] = [];
  const state: FaultyStorage = {
    storage: inner,
    freeze: false,
    freezeAll: false,
    outage: false,
    release() {
      for (const reject of frozen.splice(0)) reject(new StorageError("UNAVAILABLE", "released"));
    },
  };
  const hang = () => new Promise((_resolve, reject) => void frozen.push(reject));
  state.storage = new Proxy(inner, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const lifecycle = key === "close" || key === "init";
        if (state.outage && !lifecycle) {
          return Promise.reject(new StorageError("UNAVAILABLE", "connection refused"));
        }
        if (state.freezeAll && !lifecycle) return hang();
        if (state.freeze && key === "getTask") return hang();
        return value.apply(target, args);
      };
    },
  });
  return state;
}

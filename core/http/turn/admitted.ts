// A turn's place under the server's turn limits (AppOptions.turnAdmission, the Node target's
// load shedding): over them the request is answered 503 + Retry-After before anything is
// stored. The slot is held while the turn runs, which may be after the handler has returned
// (a streamed answer), and freed however the request ends.
import type { Context } from "hono";
import type { AppEnv } from "../app-options.ts";

export interface TurnSlot {
  /** The turn, holding the slot until it settles. */
  after<A extends unknown[], R>(turn: (...args: A) => Promise<R>): (...args: A) => Promise<R>;
}

export async function admitted<T>(
  c: Context<AppEnv>,
  handle: (slot: TurnSlot) => Promise<T>,
): Promise<T> {
  const release = (await c.get("options").turnAdmission?.acquire()) ?? (() => {});
  let handedOver = false;
  try {
    return await handle({
      after: (turn) => {
        handedOver = true;
        return async (...args) => {
          try {
            return await turn(...args);
          } finally {
            release();
          }
        };
      },
    });
  } finally {
    // A replay, a refusal or a failure before the turn started: nothing holds the slot.
    if (!handedOver) release();
  }
}

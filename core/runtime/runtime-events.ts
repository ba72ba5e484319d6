// The runtime's events: elizaOS's plugin event bus (registerEvent / emitEvent), its small
// local emitter (on / off / emit, events/local-events.ts) and sendControlMessage
// (events/control-message.ts). The first class above the plugin contract: handlers receive
// the runtime as IAgentRuntime.

import { describeError, type EventName } from "../kernel/index.ts";
import { RuntimeBase } from "./base/index.ts";
import type { EventHandler, IAgentRuntime } from "./contract/index.ts";
import {
  type ControlMessageParams,
  LocalEvents,
  type LocalListener,
  sendControlMessage,
} from "./events/index.ts";

/**
 * Handlers and listeners receive the whole runtime: every RuntimeEvents is an IAgentRuntime
 * once the classes above it are built.
 */
export function asRuntime(runtime: RuntimeEvents): IAgentRuntime {
  return runtime as unknown as IAgentRuntime;
}

// Kept off the instance (see CoreInternals in agent-runtime-core.ts for why).
const localEvents = new WeakMap<RuntimeEvents, LocalEvents>();

function localEventsOf(runtime: RuntimeEvents): LocalEvents {
  let events = localEvents.get(runtime);
  if (!events) {
    events = new LocalEvents();
    localEvents.set(runtime, events);
  }
  return events;
}

export abstract class RuntimeEvents extends RuntimeBase {
  /** Handlers by event name (elizaOS's RuntimeEventStorage). */
  readonly events: Record<string, EventHandler[] | undefined> = {};
  registerEvent(event: EventName, handler: EventHandler): void {
    const list = this.events[event] ?? [];
    list.push(handler);
    this.events[event] = list;
  }

  getEvent(event: EventName): EventHandler[] | undefined {
    return this.events[event];
  }

  /**
   * Runs every handler of each event with `{...params, runtime, source}`; one failing handler
   * is logged and does not stop the others (elizaOS lets it reject the emit).
   */
  async emitEvent(
    event: EventName | EventName[],
    params: Record<string, unknown> = {},
  ): Promise<void> {
    for (const name of Array.isArray(event) ? event : [event]) {
      const handlers = this.events[name];
      if (!handlers?.length) continue;
      const payload = {
        ...params,
        runtime: asRuntime(this),
        source: (params.source as string) || "runtime",
      };
      await Promise.all(
        handlers.map(async (handler) => {
          try {
            await handler(payload);
          } catch (error) {
            this.logger.error(`event handler for ${name} failed`, { error: describeError(error) });
          }
        }),
      );
    }
  }

  /** elizaOS's CONTROL_MESSAGE to a chat front end: disable or enable its input for a room. */
  sendControlMessage(params: ControlMessageParams): Promise<void> {
    return sendControlMessage(asRuntime(this), params);
  }

  on(event: string, callback: LocalListener): void {
    localEventsOf(this).on(event, callback);
  }

  off(event: string, callback: LocalListener): void {
    localEventsOf(this).off(event, callback);
  }

  emit(event: string, data: unknown): void {
    localEventsOf(this).emit(event, data);
  }
}

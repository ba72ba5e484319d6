// elizaOS's runtime signals besides the plugin event bus (registerEvent / emitEvent): the
// local emitter (on / off / emit, local-events.ts) and sendControlMessage (control-message.ts).
// A layer of its own between RuntimeBase and AgentRuntime, by concern.

import { RuntimeBase } from "./base/runtime-base.ts";
import { type ControlMessageParams, sendControlMessage } from "./events/control-message.ts";
import { LocalEvents, type LocalListener } from "./events/local-events.ts";

export class RuntimeSignals extends RuntimeBase {
  private readonly localEvents = new LocalEvents();

  /** elizaOS's CONTROL_MESSAGE to a chat front end: disable or enable its input for a room. */
  sendControlMessage(params: ControlMessageParams): Promise<void> {
    return sendControlMessage(this.self, params);
  }

  on(event: string, callback: LocalListener): void {
    this.localEvents.on(event, callback);
  }

  off(event: string, callback: LocalListener): void {
    this.localEvents.off(event, callback);
  }

  emit(event: string, data: unknown): void {
    this.localEvents.emit(event, data);
  }
}

// elizaOS's small local emitter (runtime.on / off / emit), separate from the plugin event
// bus (registerEvent / emitEvent): synchronous, no payload wrapping, nothing awaited. As in
// elizaOS, a listener that throws stops the emit and the error reaches the emitter's caller.
// Listeners live in this runtime object only: on serverless that is one isolate or instance,
// so they suit in-process wiring (a service telling another), never cross-request signals.

export type LocalListener = (data: unknown) => void;

export class LocalEvents {
  private readonly listeners = new Map<string, LocalListener[]>();

  on(event: string, callback: LocalListener): void {
    const list = this.listeners.get(event) ?? [];
    list.push(callback);
    this.listeners.set(event, list);
  }

  /** Removes one registration of the callback (the first), as elizaOS does. */
  off(event: string, callback: LocalListener): void {
    const list = this.listeners.get(event);
    if (!list) return;
    const index = list.indexOf(callback);
    if (index !== -1) list.splice(index, 1);
  }

  emit(event: string, data: unknown): void {
    const list = this.listeners.get(event);
    if (!list) return;
    // A copy, so a listener that removes itself does not make the next one skipped.
    for (const listener of [...list]) listener(data);
  }
}

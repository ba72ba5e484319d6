// The line format of the loggers that belong to no runtime (elizaOS's `logger` singleton,
// which plugins import from @elizaos/core): process-wide, as LOG_JSON_FORMAT is in elizaOS.
// The first agent built with JSON lines switches it on (createAgent); nothing here reads the
// environment, and nothing happens at module load.
let json = false;

/** Switches the shared loggers to JSON lines (or back). */
export function setSharedJsonLogs(on: boolean): void {
  json = on;
}

/** Whether the shared loggers write JSON lines. */
export function sharedJsonLogs(): boolean {
  return json;
}

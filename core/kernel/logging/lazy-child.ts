// A child logger made on its first line that prints: a turn's run logger (runtime/runs/
// record.ts) is made for every message, and at the usual levels all of its lines are dropped,
// so making a real child (and redacting its bindings) each turn bought nothing.
import { dropsAt, type ElizaLogger, type Method } from "./logger.ts";

class LazyChild implements ElizaLogger {
  private made: ElizaLogger | undefined;

  constructor(
    private readonly parent: ElizaLogger,
    private readonly bindings: Record<string, unknown>,
  ) {}

  private real(): ElizaLogger {
    this.made ??= this.parent.child(this.bindings);
    return this.made;
  }

  private line(name: Method, args: unknown[]): void {
    if (this.made === undefined && dropsAt(this.parent, name)) return;
    this.real()[name](...args);
  }

  get level(): string {
    return this.real().level;
  }
  set level(value: string) {
    this.real().level = value;
  }
  clear(): void {
    this.real().clear();
  }
  child(bindings: Record<string, unknown>): ElizaLogger {
    return this.real().child(bindings);
  }
  trace(...args: unknown[]): void {
    this.line("trace", args);
  }
  debug(...args: unknown[]): void {
    this.line("debug", args);
  }
  info(...args: unknown[]): void {
    this.line("info", args);
  }
  warn(...args: unknown[]): void {
    this.line("warn", args);
  }
  error(...args: unknown[]): void {
    this.line("error", args);
  }
  fatal(...args: unknown[]): void {
    this.line("fatal", args);
  }
  success(...args: unknown[]): void {
    this.line("success", args);
  }
  progress(...args: unknown[]): void {
    this.line("progress", args);
  }
  log(...args: unknown[]): void {
    this.line("log", args);
  }
}

/** `parent.child(bindings)`, made when a line of it first prints. */
export function lazyChild(parent: ElizaLogger, bindings: Record<string, unknown>): ElizaLogger {
  return new LazyChild(parent, { ...bindings });
}

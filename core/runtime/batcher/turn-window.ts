// How the post-turn evaluators of one message share one drain. While their handlers run, the
// sections they register (onDrain, askOnce ...) for the turn's groups wait; the groups drain
// once every handler still running has registered a section (it is presumably awaiting it)
// or has finished. So N evaluators that each ask one question cost one packed call, and a
// handler that awaits its answer never waits on a drain that waits on it.

export class TurnWindow {
  /** Section id → its affinity group, registered in this window and not yet drained. */
  private readonly waiting = new Map<string, string>();
  private readonly drains: Promise<void>[] = [];

  constructor(
    /** The groups this turn's evaluators use: the room's and "default". */
    readonly affinities: ReadonlySet<string>,
    private running: number,
    private readonly drainGroups: (groups: string[]) => Promise<void>,
  ) {}

  register(sectionId: string, affinityKey: string): void {
    this.waiting.set(sectionId, affinityKey);
    this.check();
  }

  /** One evaluator handler finished (or was skipped). */
  settle(): void {
    this.running = Math.max(0, this.running - 1);
    this.check();
  }

  /** Every handler has finished: drain what is left, and wait for the drains. */
  async close(): Promise<void> {
    this.running = 0;
    this.check();
    // A drain may resolve sections whose callers register more; loop until quiet.
    let seen = 0;
    while (seen < this.drains.length) {
      const batch = this.drains.slice(seen);
      seen += batch.length;
      await Promise.allSettled(batch);
    }
  }

  private check(): void {
    if (this.waiting.size === 0 || this.waiting.size < this.running) return;
    const groups = [...new Set(this.waiting.values())];
    this.waiting.clear();
    this.drains.push(this.drainGroups(groups));
  }
}

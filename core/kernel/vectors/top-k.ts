// The best few of many scores, kept as they stream past instead of sorting them all: a search
// over 100,000 memories for 10 results inserts a handful of times and compares the rest once.

export interface Ranked<T> {
  item: T;
  score: number;
}

/**
 * The `count` highest scores offered, best first; among equal scores the one offered first
 * ranks first, as a stable sort of every score would order them.
 *
 * `slack` keeps more than `count`: every offer within `slack` of the count-th best score stays
 * too. A ranking done on approximate scores (each within slack/2 of its exact value) then still
 * holds every item that can be among the exact best `count`, to be rescored exactly.
 */
export class TopK<T> {
  private readonly kept: Ranked<T>[] = [];
  private readonly count: number;

  /** `count` is truncated as Array.prototype.slice would; NaN or less than 1 keeps nothing. */
  constructor(
    count: number,
    private readonly slack = 0,
  ) {
    this.count = Number.isNaN(count) ? 0 : Math.max(0, Math.trunc(count));
  }

  /** The lowest score an offer can have and still be kept, at this moment. */
  get floor(): number {
    const last = this.kept[this.count - 1];
    return last === undefined ? Number.NEGATIVE_INFINITY : last.score - this.slack;
  }

  offer(item: T, score: number): void {
    if (this.count <= 0) return;
    const last = this.kept[this.count - 1];
    // A tie with the count-th best loses to it (offered earlier), unless slack keeps it.
    if (last !== undefined && (this.slack === 0 ? score <= last.score : score < this.floor)) return;
    // After every equal score, so earlier offers stay ahead; rows mostly arrive below the
    // kept ones, so this is usually a push.
    let lo = 0;
    let hi = this.kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.kept[mid]!.score >= score) lo = mid + 1;
      else hi = mid;
    }
    if (lo === this.kept.length) this.kept.push({ item, score });
    else this.kept.splice(lo, 0, { item, score });
    if (this.kept.length <= this.count) return;
    const floor = this.floor;
    while (
      this.kept.length > this.count &&
      (this.slack === 0 || this.kept[this.kept.length - 1]!.score < floor)
    ) {
      this.kept.pop();
    }
  }

  /** Best first. */
  best(): readonly Ranked<T>[] {
    return this.kept;
  }
}

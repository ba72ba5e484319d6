// One room's embedded rows of one width with their unit vectors side by side in one buffer,
// for search. At 100,000 rows a search that reads each row object and each row's own vector
// spends most of its time waiting on memory (every row sits among its own large embedding
// array); reading one buffer front to back, and a row only when it scores well enough to be
// kept, does not. MemoryRows keeps it up to date by appending the room's newest rows, and
// drops it on any other change to the room (it is rebuilt at the next search).
import { type PackedUnits, tailNorm, type UnitEmbedding } from "../../core/kernel/index.ts";

export class RoomVectors<T = unknown> implements PackedUnits<T> {
  readonly items: T[] = [];
  data = new Float32Array(0);
  tails = new Float32Array(0);

  constructor(readonly width: number) {}

  /** Adds `item` after the others; one with no vector or one of another width stays out. */
  append(item: T, vector: UnitEmbedding | undefined): void {
    if (!vector || vector.embedding.length !== this.width) return;
    const at = this.items.length * this.width;
    if (at + this.width > this.data.length) {
      const grown = new Float32Array(Math.max(64 * this.width, this.data.length * 2));
      grown.set(this.data);
      this.data = grown;
      const tails = new Float32Array(grown.length / this.width);
      tails.set(this.tails);
      this.tails = tails;
    }
    // A zero vector stays zeros: similar to nothing, as cosineSimilarity says.
    if (vector.unit) this.data.set(vector.unit, at);
    this.tails[this.items.length] = tailNorm(this.data, at, this.width >> 1, this.width);
    this.items.push(item);
  }
}

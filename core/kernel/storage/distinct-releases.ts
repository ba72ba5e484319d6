// releaseTasks decides each entry on its own condition; one task named twice in one call would
// have two answers for one row, so every backend refuses it the same way.
import { StorageError } from "./contract.ts";
import type { TaskRelease } from "./params.ts";

export function assertDistinctReleases(releases: readonly TaskRelease[]): void {
  const seen = new Set<string>();
  for (const { id } of releases) {
    if (seen.has(id)) {
      throw new StorageError("INVALID_BATCH", `releaseTasks names task ${id} more than once`);
    }
    seen.add(id);
  }
}

/**
 * One page of rows, newest first; among equal times the later insertion first (Maps keep
 * insertion order). A bounded page keeps only the best `offset + count` rows as it goes
 * instead of sorting them all, so reading a room's last few messages stays cheap as it grows.
 */
export function newestPage<T extends { createdAt: number }>(
  rows: T[],
  offset = 0,
  count?: number,
): T[] {
  const from = Math.max(0, offset);
  const ranked = rows.map((row, index) => ({ row, index }));
  const before = (a: (typeof ranked)[number], b: (typeof ranked)[number]) =>
    b.row.createdAt - a.row.createdAt || b.index - a.index;
  if (count === undefined)
    return ranked
      .sort(before)
      .slice(from)
      .map(({ row }) => row);
  const keep = from + Math.max(0, count);
  if (keep === 0) return [];
  const top: typeof ranked = [];
  for (const entry of ranked) {
    if (top.length === keep && before(entry, top[keep - 1]!) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(entry, top[mid]!) < 0) hi = mid;
      else lo = mid + 1;
    }
    top.splice(lo, 0, entry);
    if (top.length > keep) top.pop();
  }
  return top.slice(from).map(({ row }) => row);
}

// Small helpers for the comparison table.
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

export const median = (values: number[]) => percentile(values, 50);

export const ms = (value: number) =>
  value < 1
    ? `${value.toFixed(3)} ms`
    : value < 100
      ? `${value.toFixed(1)} ms`
      : `${Math.round(value)} ms`;
export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
export const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;
/** How many times more the elizaOS figure is. */
export const times = (elizaos: number, ours: number) => `${(elizaos / ours).toFixed(1)}×`;

// The line every scale table starts with: what it ran on, and when.
import { availableParallelism, cpus } from "node:os";

export function machineLine(): string {
  const model = cpus()[0]?.model.trim() ?? "unknown CPU";
  const date = new Date().toISOString().slice(0, 10);
  return `${availableParallelism()} CPUs (${model}), Node ${process.version}, ${date}`;
}

// The line every scale table carries: the machine and the day it was measured on.
import { cpus } from "node:os";

export function machineLine(): string {
  const list = cpus();
  const model = list[0]?.model.trim() ?? "unknown CPU";
  const day = new Date().toISOString().slice(0, 10);
  return `${list.length} CPUs (${model}), Node ${process.version}, ${day}`;
}

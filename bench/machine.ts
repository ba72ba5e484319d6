// The line every printed table carries: which machine, which Node, which day.
import { availableParallelism } from "node:os";

export function machine(): string {
  return `${availableParallelism()} CPUs, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
}

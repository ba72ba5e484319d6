import type { Logger } from "../../core/index.ts";

export interface CapturedLine {
  level: keyof Logger;
  message: string;
}

/** A logger that keeps its lines, so a test can assert what a user would read at startup. */
export function captureLogger(): Logger & {
  lines: CapturedLine[];
  at(level: keyof Logger): string[];
} {
  const lines: CapturedLine[] = [];
  const emit = (level: keyof Logger) => (message: string) => void lines.push({ level, message });
  return {
    lines,
    at: (level) => lines.filter((l) => l.level === level).map((l) => l.message),
    debug: emit("debug"),
    info: emit("info"),
    warn: emit("warn"),
    error: emit("error"),
  };
}

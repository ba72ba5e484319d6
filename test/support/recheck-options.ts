// recheck (the ReDoS checker the regex tests run), deterministic and robust to a loaded
// machine: a fixed seed fixes its fuzzing, and no overall timeout. Its phases (seeding,
// incubation, attack) stop at their own wall-clock limits, which on a busy machine once turned a
// verdict of "safe" into "polynomial": each gets ten times its default here. Without any limit
// a phase ran for minutes on one of our regexes (its step limits are far larger), and checkSync
// blocks the test process meanwhile, so vitest's timeout cannot end it.
export const RECHECK_OPTIONS = {
  randomSeed: 42,
  timeout: null,
  seedingTimeout: 1_000,
  incubationTimeout: 2_500,
  attackTimeout: 10_000,
} as const;

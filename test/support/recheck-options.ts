// recheck (the ReDoS checker the regex tests run) with every wall-clock limit off: its seeding,
// incubation, attack and recall steps default to timeouts of 100 ms to 1 s, so on a busy
// machine it decided differently (a regex it calls safe when idle came out polynomial under
// load). Its step and size limits still bound the work; the seed fixes the fuzzing. The same
// verdict on any machine, only later on a slow one.
export const RECHECK_OPTIONS = {
  randomSeed: 42,
  timeout: null,
  attackTimeout: null,
  incubationTimeout: null,
  recallTimeout: null,
  seedingTimeout: null,
} as const;

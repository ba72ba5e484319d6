// elizaOS's unit tests are written for bun:test. This maps bun's API onto vitest so the files
// run here as elizaOS wrote them: nothing in a test body is edited. The vite plugin beside this
// file (upstream-plugin.ts) hands each upstream file its own copy, named after the file, so the
// expectations in expectations.ts can say which of its tests elizaOS itself fails (skipped
// here: they are not part of what elizaOS promises) and which fail on eliza-edge for a
// serverless reason (run as `it.fails`, so a fix turns them red until the list is updated).
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  expect,
  type Mock,
  vi,
  describe as vitestDescribe,
  it as vitestIt,
} from "vitest";
import { expectationsFor } from "./expectations.ts";

export type UpstreamTarget = "edge" | "real";
type TestFn = () => unknown;

/** bun's `mock()`: a mock function, plus bun's module-wide helpers. */
function bunMock<T extends (...args: never[]) => unknown>(impl?: T): Mock<T> {
  return vi.fn(impl) as Mock<T>;
}
// bun's mock.restore() puts spied methods back, as vitest's restoreAllMocks does.
bunMock.restore = () => vi.restoreAllMocks();
// bun registers a module mock for the specifier; the one upstream call names a path that does
// not exist in elizaOS's own tree ("../src/utils" from src/__tests__), so nothing imports it
// and it has no effect there either.
bunMock.module = (_specifier: string, _factory: () => unknown) => undefined;

/** bun's setSystemTime: a Date moves the clock; no argument puts the real clock back. */
function setSystemTime(time?: Date | number): void {
  if (time === undefined) vi.useRealTimers();
  else vi.setSystemTime(time);
}

export function bunTestFor(file: string, target: UpstreamTarget) {
  const expected = expectationsFor(file);
  const measuring = process.env.ELIZAOS_UPSTREAM_MEASURE === "1";
  const path: string[] = [];

  // vitest runs a describe's body after the enclosing body has returned, so each body gets
  // the path it was declared under, not whatever path is current when it runs.
  const describe = (name: string, fn: () => void) => {
    const declaredUnder = [...path, name];
    return vitestDescribe(name, () => {
      const outer = path.splice(0, path.length, ...declaredUnder);
      try {
        fn();
      } finally {
        path.splice(0, path.length, ...outer);
      }
    });
  };

  const run = (name: string, fn: TestFn, timeout?: number) => {
    const full = [...path, name].join(" > ");
    if (measuring) return vitestIt(name, fn, timeout);
    if (expected.notKept[full]) {
      // elizaOS's own release fails it (or it measures the machine's speed): on the real
      // package it must still fail, which keeps this list honest; here it is not run.
      if (target === "real" && !expected.notKept[full].startsWith("wall-clock"))
        return vitestIt.fails(name, fn, timeout);
      return vitestIt.skip(name, fn);
    }
    if (target === "edge" && expected.failsOnEdge[full]) return vitestIt.fails(name, fn, timeout);
    return vitestIt(name, fn, timeout);
  };
  // bun's it.skip: elizaOS skips the test itself, so it is skipped here too.
  const it = Object.assign(run, { skip: (name: string, fn?: TestFn) => vitestIt.skip(name, fn) });

  return {
    describe,
    it,
    test: it,
    expect,
    beforeAll,
    afterAll,
    beforeEach,
    afterEach,
    mock: bunMock,
    spyOn: vi.spyOn,
    setSystemTime,
    jest: vi,
  };
}

// Log lines about errors: names, code and the driver's first line, never a query or its values.
import { describe, expect, it } from "vitest";
import { describeError, StorageError } from "../../core/index.ts";

describe("describeError", () => {
  it("skips drizzle's query wrapper and keeps the driver's code and first line", () => {
    const driver = Object.assign(
      new Error("invalid input syntax for type json\nDETAIL: user text"),
      {
        name: "error",
        code: "22P02",
        query: "insert into memories values ($1)",
        params: ["user text"],
      },
    );
    const wrapped = new Error("Failed query: insert into memories values ($1)\nparams: user text", {
      cause: driver,
    });
    wrapped.name = "DrizzleQueryError";
    expect(describeError(wrapped)).toBe(
      "DrizzleQueryError < error [22P02]: invalid input syntax for type json",
    );
  });

  it("names a storage error by its code and says nothing more than its message", () => {
    expect(describeError(new StorageError("UNAVAILABLE", "connection refused"))).toBe(
      "StorageError [UNAVAILABLE]: connection refused",
    );
    expect(describeError("plain")).toBe("string: plain");
    expect(describeError(new Error(`Failed query: select 1\nparams: `))).toBe("Error");
    expect(describeError(new Error("x".repeat(1000))).length).toBeLessThan(230);
  });
});

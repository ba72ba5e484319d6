// The test bundler's alias reaches the published plugins' own imports: what plugin-starter
// extends and what plugin-bootstrap calls is eliza-edge's compat entry, not the @elizaos/core
// npm installed beside them (which stays unused).
import { StarterService } from "@elizaos/plugin-starter";
import { describe, expect, it } from "vitest";
import * as compat from "../../core/elizaos/index.ts";

describe("@elizaos/core alias in vitest", () => {
  it("makes plugin-starter's StarterService extend eliza-edge's Service", () => {
    expect(compat.Service, "compat entry exports a Service class").toBeTypeOf("function");
    expect(Object.getPrototypeOf(StarterService)).toBe(compat.Service);
  });

  it("resolves @elizaos/core imports in test code to the compat entry too", async () => {
    const aliased = await import("@elizaos/core");
    expect(aliased.Service).toBe(compat.Service);
    expect(aliased.logger).toBe(compat.logger);
  });
});

import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { describeStorageConformance } from "../storage/conformance.ts";

describeStorageConformance("memory", {
  create: async ({ now }) => createMemoryStorage({ now }),
});

// The Vectorize stand-in (test/fakes/vectorize) against what Cloudflare documents for a V2
// index, through workerd's own binding: the adapter tests trust it to refuse what Vectorize
// refuses and to hide what Vectorize hides (unprocessed writes, unindexed metadata).
// Sources: developers.cloudflare.com/vectorize reference/client-api, reference/metadata-filtering,
// best-practices/insert-vectors and query-vectors, platform/limits.

import type { Vectorize, VectorizeVector } from "@cloudflare/workers-types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startVectorizeStandIn, type VectorizeStandIn } from "../fakes/vectorize/server.ts";
import { type MiniflareD1, startMiniflareD1 } from "../support/miniflare-d1.ts";

let standIn: VectorizeStandIn;
let d1: MiniflareD1;
let binding: Vectorize;

beforeAll(async () => {
  standIn = await startVectorizeStandIn({
    dimensions: 3,
    metadataIndexes: { kind: "string", rank: "number", "owner.name": "string" },
  });
  d1 = await startMiniflareD1({ vectorize: standIn.url });
  binding = d1.vectorize!;
});

afterAll(async () => {
  await d1?.dispose();
  await standIn?.close();
});

beforeEach(() => {
  standIn.index.clear();
  standIn.index.mutations = "immediate";
});

const ids = async (options: Parameters<Vectorize["query"]>[1]) =>
  (await binding.query([1, 0, 0], options)).matches.map((m) => m.id);

describe("Vectorize stand-in", () => {
  it("caps topK at 100, and at 20 with values or all metadata; 5 by default", async () => {
    await binding.upsert(
      Array.from({ length: 120 }, (_, i) => ({ id: `v${i}`, values: [1, i / 120, 0] })),
    );
    expect(await ids(undefined)).toHaveLength(5);
    expect(await ids({ topK: 100 })).toHaveLength(100);
    await expect(ids({ topK: 101 })).rejects.toThrow(/VECTOR_QUERY_ERROR .*topK/);
    await expect(ids({ topK: 21, returnValues: true })).rejects.toThrow(/from 1 to 20/);
    // The binding turns returnMetadata: true into "all".
    await expect(ids({ topK: 21, returnMetadata: true })).rejects.toThrow(/from 1 to 20/);
    expect(await ids({ topK: 21, returnMetadata: "indexed" })).toHaveLength(21);
  });

  it("filters only on metadata indexes, and only vectors written after the index existed", async () => {
    await binding.upsert([
      { id: "a", values: [1, 0, 0], metadata: { kind: "x", colour: "red" } },
      { id: "b", values: [1, 0.1, 0], metadata: { kind: "y", colour: "red" } },
    ]);
    expect(await ids({ filter: { kind: "x" } })).toEqual(["a"]);
    // `colour` has no metadata index: a filter on it finds nothing.
    expect(await ids({ filter: { colour: "red" } })).toEqual([]);
    standIn.index.createMetadataIndex("colour", "string");
    expect(await ids({ filter: { colour: "red" } })).toEqual([]);
    await binding.upsert([{ id: "a", values: [1, 0, 0], metadata: { kind: "x", colour: "red" } }]);
    expect(await ids({ filter: { colour: "red" } })).toEqual(["a"]);
    standIn.index.deleteMetadataIndex("colour");
  });

  it("takes $eq $ne $in $nin and a lower with an upper bound, nested keys by dots", async () => {
    await binding.upsert([
      { id: "a", values: [1, 0, 0], metadata: { kind: "x", rank: 1, owner: { name: "ada" } } },
      { id: "b", values: [1, 0.1, 0], metadata: { kind: "y", rank: 5, owner: { name: "bob" } } },
      { id: "c", values: [1, 0.2, 0], metadata: { kind: "z", rank: 9 } },
    ]);
    expect(await ids({ filter: { kind: { $ne: "x" } } })).toEqual(["b", "c"]);
    expect(await ids({ filter: { kind: { $in: ["x", "z"] } } })).toEqual(["a", "c"]);
    expect(await ids({ filter: { kind: { $nin: ["x", "z"] } } })).toEqual(["b"]);
    expect(await ids({ filter: { rank: { $gt: 1, $lte: 9 } } })).toEqual(["b", "c"]);
    expect(await ids({ filter: { "owner.name": "bob" } })).toEqual(["b"]);
    expect(await ids({ filter: { kind: "x", rank: { $lt: 5 } } })).toEqual(["a"]);
  });

  it("refuses malformed filters as Vectorize documents them", async () => {
    for (const filter of [
      {},
      { $kind: "x" },
      { 'ki"nd': "x" },
      { rank: { $gt: 1, $gte: 2 } },
      { rank: { $eq: 1, $lt: 5 } },
      { kind: { $regex: "x" } },
      { kind: "x".repeat(2_048) },
    ]) {
      await expect(ids({ filter: filter as never }), JSON.stringify(filter)).rejects.toThrow(
        /VECTOR_QUERY_ERROR \(code = \d+\)/,
      );
    }
  });

  it("matches strings on their first 64 bytes, as a string metadata index holds them", async () => {
    const prefix = "é".repeat(32); // 64 bytes
    await binding.upsert([{ id: "long", values: [1, 0, 0], metadata: { kind: `${prefix}one` } }]);
    expect(await ids({ filter: { kind: `${prefix}two` } })).toEqual(["long"]);
  });

  it("keeps the first vector on insert, replaces it whole on upsert, and stores float32", async () => {
    await binding.insert([{ id: "v", values: [1, 0, 0], metadata: { kind: "first", rank: 1 } }]);
    await binding.insert([{ id: "v", values: [0, 1, 0], metadata: { kind: "second" } }]);
    expect((await binding.getByIds(["v"]))[0]?.metadata).toEqual({ kind: "first", rank: 1 });
    await binding.upsert([{ id: "v", values: [0.1, 1, 0], metadata: { kind: "third" } }]);
    const [stored] = await binding.getByIds(["v"]);
    expect(stored?.metadata).toEqual({ kind: "third" });
    expect(stored?.values).toEqual([Math.fround(0.1), 1, 0]);
  });

  it("refuses a whole write over its limits: width, id length, metadata size and keys", async () => {
    const bad: VectorizeVector[] = [
      { id: "w", values: [1, 0] },
      { id: "x".repeat(65), values: [1, 0, 0] },
      { id: "m", values: [1, 0, 0], metadata: { kind: "x".repeat(10 * 1024) } },
      { id: "k", values: [1, 0, 0], metadata: { "a.b": 1 } },
    ];
    for (const vector of bad) {
      await expect(
        binding.upsert([{ id: "fine", values: [1, 0, 0] }, vector]),
        vector.id,
      ).rejects.toThrow(/VECTOR_UPSERT_ERROR \(code = \d+\)/);
    }
    expect(standIn.index.size).toBe(0);
  });

  it("applies writes asynchronously: a query sees them once processed", async () => {
    standIn.index.mutations = "manual";
    const { mutationId } = await binding.upsert([{ id: "late", values: [1, 0, 0] }]);
    expect(await ids({})).toEqual([]);
    expect((await binding.describe()).vectorCount).toBe(0);
    standIn.index.processMutations();
    expect(await ids({})).toEqual(["late"]);
    expect(await binding.describe()).toMatchObject({
      vectorCount: 1,
      dimensions: 3,
      processedUpToMutation: mutationId,
    });
  });

  it("searches one namespace when asked", async () => {
    await binding.upsert([
      { id: "n1", values: [1, 0, 0], namespace: "one" },
      { id: "n2", values: [1, 0.1, 0], namespace: "two" },
      { id: "none", values: [1, 0.2, 0] },
    ]);
    expect(await ids({ namespace: "two" })).toEqual(["n2"]);
    expect(await ids({})).toEqual(["n1", "n2", "none"]);
  });
});

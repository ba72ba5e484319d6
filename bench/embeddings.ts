// Embeddings per second from the local sidecar, over HTTP as the agent calls it, for the
// tiny test model (width 32) and one as wide as MiniLM/bge-small (384). Generates the models
// and installs the sidecar if needed. Run: npx tsx bench/embeddings.ts
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmbeddingSidecar } from "../targets/node/sidecar-process.ts";
import { ensureSidecarInstalled } from "../test/support/embedding-sidecar.ts";
import { writeTinyGguf } from "../test/support/tiny-gguf.ts";

const BATCH_SIZE = 32;
const CLIENTS = 8;

const WORDS = "the cat sat on a mat while my dog ran home to see hello world again".split(" ");
/** Sentences of 12 words, about 14 tokens with [CLS] and [SEP], all different. */
function sentence(i: number): string {
  const words = Array.from({ length: 12 }, (_, j) => WORDS[(i * 7 + j * 3) % WORDS.length]);
  return `${words.join(" ")} ${i}`;
}

async function post(url: string, input: string | string[]): Promise<void> {
  const res = await fetch(`${url}/embeddings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ input }),
  });
  if (res.status !== 200) throw new Error(`sidecar answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}

async function rate(embeddings: number, run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  return embeddings / ((performance.now() - start) / 1000);
}

/** `scale` shrinks the run for setups known to be slow. */
async function measure(url: string, scale = 1) {
  const singleRequests = Math.round(400 * scale);
  const batchRequests = Math.round(25 * scale);
  for (let i = 0; i < 20; i++) await post(url, sentence(i)); // warm-up: undici, JIT, caches
  const single = await rate(singleRequests, async () => {
    for (let i = 0; i < singleRequests; i++) await post(url, sentence(i));
  });
  const batch = await rate(BATCH_SIZE * batchRequests, async () => {
    for (let i = 0; i < batchRequests; i++) {
      await post(
        url,
        Array.from({ length: BATCH_SIZE }, (_, j) => sentence(i * BATCH_SIZE + j)),
      );
    }
  });
  const concurrent = await rate(singleRequests, async () => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < singleRequests) await post(url, sentence(next++));
      }),
    );
  });
  return { single, batch, concurrent };
}

const dir = await mkdtemp(join(tmpdir(), "bench-embeddings-"));
try {
  await ensureSidecarInstalled();
  const models = [
    await writeTinyGguf({ path: join(dir, "tiny-32.gguf") }),
    await writeTinyGguf({ path: join(dir, "tiny-384.gguf"), width: 384, layers: 1, heads: 6 }),
  ];
  // Two threads per context is there to show why the default is one: it is far slower.
  const setups = [
    { threads: 1, parallel: 1, scale: 1 },
    { threads: 1, parallel: 2, scale: 1 },
    { threads: 2, parallel: 1, scale: 0.1 },
  ];
  console.log(
    "embeddings per second over HTTP (single: sequential one-text requests; " +
      `batch: requests of ${BATCH_SIZE}; concurrent: one-text requests from ${CLIENTS} clients)`,
  );
  console.log("model                 threads parallel   single    batch  concurrent");
  for (const model of models) {
    for (const setup of setups) {
      const sidecar = await startEmbeddingSidecar({
        modelPath: model.path,
        threads: setup.threads,
        env: { LOCAL_EMBEDDING_PARALLEL: String(setup.parallel) },
        log: () => {},
      });
      try {
        const { single, batch, concurrent } = await measure(sidecar.url, setup.scale);
        const name = `width ${model.width} (${Math.round(model.bytes / 1024)} KiB)`;
        console.log(
          `${name.padEnd(22)}${String(setup.threads).padStart(7)}${String(setup.parallel).padStart(9)}` +
            `${single.toFixed(0).padStart(9)}${batch.toFixed(0).padStart(9)}${concurrent.toFixed(0).padStart(12)}`,
        );
      } finally {
        await sidecar.stop();
      }
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

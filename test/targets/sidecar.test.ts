// The embedding sidecar for real: node-llama-cpp running a tiny random-weight BERT model
// generated for this file. The vectors mean nothing, so the tests check what a caller relies
// on: determinism, order, width, limits, overload and shutdown behaviour.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIDECAR_DIR, startEmbeddingSidecar } from "../../targets/node/sidecar-process.ts";
import {
  ensureSidecarInstalled,
  startTestSidecar,
  type TestSidecar,
} from "../support/embedding-sidecar.ts";
import { writeTinyGguf } from "../support/tiny-gguf.ts";

const MAX_INPUTS = 16;
const MAX_BODY_BYTES = 64 * 1024;

let dir: string;
let sidecar: TestSidecar;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sidecar-test-"));
  sidecar = await startTestSidecar(dir, {
    LOCAL_EMBEDDING_MAX_INPUTS: String(MAX_INPUTS),
    LOCAL_EMBEDDING_MAX_BODY_BYTES: String(MAX_BODY_BYTES),
  });
}, 180_000);

afterAll(async () => {
  await sidecar?.stop();
  await rm(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
  body: any;
}

async function post(body: unknown, path = "/embeddings", url = sidecar.url): Promise<Answer> {
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

async function embed(input: string | string[], url = sidecar.url): Promise<number[][]> {
  const { status, body } = await post({ input }, "/embeddings", url);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data.map((item: { embedding: number[] }) => item.embedding);
}

const dot = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * b[i]!, 0);
const cosine = (a: number[], b: number[]) =>
  dot(a, b) / Math.sqrt(dot(a, a)) / Math.sqrt(dot(b, b));

describe("embedding sidecar: answers", () => {
  it("reports the model's width at startup and in /health", async () => {
    expect(sidecar.dimension).toBe(32);
    expect(sidecar.model).toBe("tiny-32");
    const res = await fetch(`${sidecar.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: "ok",
      model: "tiny-32",
      modelPath: sidecar.gguf.path,
      dimension: 32,
      threads: 1,
      maxInputs: MAX_INPUTS,
      queue: { running: 0, waiting: 0 },
    });
  });

  it("answers in OpenAI's embeddings shape, on /embeddings and /v1/embeddings", async () => {
    const { status, headers, body } = await post({ input: "hello world", model: "anything" });
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("application/json");
    expect(body).toEqual({
      object: "list",
      data: [{ object: "embedding", index: 0, embedding: expect.any(Array) }],
      model: "tiny-32",
      usage: { prompt_tokens: 4, total_tokens: 4 }, // [CLS] hello world [SEP]
    });
    const v1 = await post({ input: "hello world" }, "/v1/embeddings");
    expect(v1.body.data[0].embedding).toEqual(body.data[0].embedding);
  });

  it("is deterministic: the same text gives the identical unit vector", async () => {
    const [a] = await embed("The cat sat on the mat.");
    const [b] = await embed("The cat sat on the mat.");
    expect(a).toHaveLength(32);
    expect(b).toEqual(a);
    expect(cosine(a!, b!)).toBeCloseTo(1, 12);
    expect(Math.sqrt(dot(a!, a!))).toBeCloseTo(1, 6);
    for (const value of a!) expect(Number.isFinite(value)).toBe(true);
  });

  it("gives different texts different vectors", async () => {
    const [cat, dog, digits] = await embed(["the cat", "a dog barks", "1234 5678"]);
    expect(cosine(cat!, dog!)).toBeLessThan(0.999);
    expect(cosine(cat!, digits!)).toBeLessThan(0.999);
    expect(cosine(dog!, digits!)).toBeLessThan(0.999);
  });

  it("embeds a batch in input order, equal to one call per text", async () => {
    const texts = ["first text", "second, longer text here", "third!", "first text"];
    const { body } = await post({ input: texts });
    expect(body.data.map((item: { index: number }) => item.index)).toEqual([0, 1, 2, 3]);
    for (const [i, text] of texts.entries()) {
      const [single] = await embed(text);
      expect(body.data[i].embedding).toEqual(single);
    }
    expect(body.usage.prompt_tokens).toBeGreaterThan(texts.length * 2);
  });

  it("takes text it has no tokens for (non-ASCII) as unknown tokens, not an error", async () => {
    const [vector] = await embed("naïve café 東京 🙂");
    expect(vector).toHaveLength(32);
  });

  it('sends base64 float32 for encoding_format "base64", as OpenAI\'s SDK asks', async () => {
    const [floats] = await embed("hello");
    const { body } = await post({ input: "hello", encoding_format: "base64" });
    const bytes = Buffer.from(body.data[0].embedding, "base64");
    const decoded = Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, 32));
    expect(decoded).toEqual(floats!.map(Math.fround));
  });

  it("accepts dimensions equal to the model's width", async () => {
    const { status } = await post({ input: "hi", dimensions: 32 });
    expect(status).toBe(200);
  });

  it("answers 50 parallel requests, each with its own text's vector", async () => {
    const texts = Array.from({ length: 50 }, (_, i) => `request number ${i} says hello`);
    const expected: number[][] = [];
    for (const text of texts) expected.push((await embed(text))[0]!);
    const answers = await Promise.all(texts.map((text) => post({ input: text })));
    for (const [i, answer] of answers.entries()) {
      expect(answer.status).toBe(200);
      expect(answer.body.data[0].embedding).toEqual(expected[i]);
    }
  });
});

describe("embedding sidecar: bad input", () => {
  const tooManyTokens = "hello ".repeat(600);
  it.each([
    ["an empty string", { input: "" }, /must not be empty/],
    ["only whitespace", { input: "  \n\t " }, /must not be empty/],
    ["a number", { input: 42 }, /string or an array of strings/],
    ["null input", { input: null }, /string or an array of strings/],
    ["an object", { input: { text: "hi" } }, /string or an array of strings/],
    ["no input", { model: "x" }, /provide an input/],
    ["an empty array", { input: [] }, /empty array/],
    ["a non-string item", { input: ["ok", 7] }, /input\[1\] must be a string/],
    ["token ids", { input: [[101, 102]] }, /input\[0\] must be a string/],
    ["an empty item", { input: ["ok", ""] }, /input\[1\] must not be empty/],
    [
      "too many items",
      { input: Array.from({ length: MAX_INPUTS + 1 }, () => "x") },
      /17 items; at most 16/,
    ],
    ["a text over the context", { input: tooManyTokens }, /602 tokens; this model's limit is 511/],
    ["a non-string model", { input: "hi", model: 3 }, /model must be a string/],
    ["another width", { input: "hi", dimensions: 64 }, /only produces 32-dimensional/],
    ["an unknown encoding", { input: "hi", encoding_format: "int8" }, /encoding_format/],
    ["a JSON array body", [{ input: "hi" }], /must be a JSON object/],
    ["a JSON null body", null, /must be a JSON object/],
    ["malformed JSON", '{"input": "hi"', /could not parse the JSON/],
    ["an empty body", "", /could not parse the JSON/],
  ])("rejects %s with 400 in OpenAI's error shape", async (_name, body, message) => {
    const { status, body: answer } = await post(body as unknown);
    expect(status).toBe(400);
    expect(answer.error).toMatchObject({ type: "invalid_request_error", message });
    expect(Object.keys(answer.error).sort()).toEqual(["code", "message", "param", "type"]);
  });

  it("flags a text over the context with OpenAI's context_length_exceeded code", async () => {
    const { body } = await post({ input: ["short", "hello ".repeat(600)] });
    expect(body.error).toMatchObject({ code: "context_length_exceeded", param: "input" });
    expect(body.error.message).toMatch(/^input\[1\] is 602 tokens/);
  });

  it("rejects a body over the size limit with 413, declared or streamed", async () => {
    const big = JSON.stringify({ input: "hello ".repeat(MAX_BODY_BYTES / 4) });
    const declared = await post(big);
    expect(declared.status).toBe(413);
    expect(declared.body.error).toMatchObject({
      code: "request_too_large",
      message: expect.stringMatching(/larger than 65536 bytes/),
    });

    // Chunked: no content-length, so the limit is found while reading.
    const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await fetch(`${sidecar.url}/embeddings`, {
      method: "POST",
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it("answers 404 for unknown paths and 405 for the wrong method", async () => {
    const missing = await fetch(`${sidecar.url}/v1/chat/completions`, { method: "POST" });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe("not_found");
    const wrong = await fetch(`${sidecar.url}/embeddings`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
  });

  it("still serves after all of the above", async () => {
    expect((await fetch(`${sidecar.url}/health`)).status).toBe(200);
    expect(await embed("still here")).toHaveLength(1);
  });
});

/** A batch long enough that the sidecar is still busy with it while the test acts. */
const slowBatch = Array.from({ length: 256 }, (_, i) => `${"hello world ".repeat(120)} ${i}`);

describe("embedding sidecar: load and shutdown", () => {
  it("refuses work beyond its queue with 503 and Retry-After, and answers the rest", async () => {
    const busy = await startTestSidecar(dir, {
      LOCAL_EMBEDDING_MAX_QUEUE: "1",
      LOCAL_EMBEDDING_MAX_INPUTS: "256",
      LOCAL_EMBEDDING_VERBOSE: "1",
    });
    try {
      const slow = post({ input: slowBatch }, "/embeddings", busy.url);
      await busy.waitForLine(/request 1: embedding 256 inputs/);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => post({ input: `quick ${i}` }, "/embeddings", busy.url)),
      );
      const refused = answers.filter((a) => a.status === 503);
      // One waits its turn in the queue; with the slow batch still running, the rest are refused.
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
      for (const answer of refused) {
        expect(answer.headers.get("retry-after")).toBe("1");
        expect(answer.body.error).toMatchObject({ type: "server_error", code: "queue_full" });
      }
      const done = await slow;
      expect(done.status).toBe(200);
      expect(done.body.data).toHaveLength(256);
    } finally {
      await busy.stop();
    }
  });

  it("on SIGTERM finishes the request in flight, refuses new ones, and exits 0", async () => {
    const closing = await startTestSidecar(dir, {
      LOCAL_EMBEDDING_MAX_INPUTS: "256",
      LOCAL_EMBEDDING_VERBOSE: "1",
    });
    const inFlight = post({ input: slowBatch }, "/embeddings", closing.url);
    await closing.waitForLine(/request 1: embedding 256 inputs/);
    const exitCode = closing.stop();
    await closing.waitForLine(/SIGTERM: finishing accepted requests/);
    await expect(fetch(`${closing.url}/health`)).rejects.toThrow();

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(256);
    const [first] = await embed(slowBatch[0]!);
    expect(answer.body.data[0].embedding).toEqual(first);
    expect(await exitCode).toBe(0);
  });

  it("exits 0 on SIGINT too", async () => {
    const interrupted = await startTestSidecar(dir);
    process.kill(interrupted.pid, "SIGINT");
    expect(await interrupted.exited).toBe(0);
  });
});

describe("embedding sidecar: bad model or settings", () => {
  const start = (modelPath: string, env: Record<string, string> = {}) =>
    startEmbeddingSidecar({ modelPath, env, startupTimeoutMs: 60_000 });

  it("refuses a file of garbage bytes at startup, exiting non-zero", async () => {
    const path = join(dir, "garbage.gguf");
    await writeFile(path, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
    await expect(start(path)).rejects.toThrow(
      // The reason is on the first line: startup errors are logged as one line.
      /exited with code 1 before it was ready: .*is not a GGUF file/,
    );
  });

  it("refuses a missing file, a directory and an empty file by name", async () => {
    await expect(start(join(dir, "nope.gguf"))).rejects.toThrow(/no file at .*nope\.gguf/);
    const folder = join(dir, "folder.gguf");
    await mkdir(folder, { recursive: true });
    await expect(start(folder)).rejects.toThrow(/folder\.gguf is not a file/);
    const empty = join(dir, "empty.gguf");
    await writeFile(empty, "");
    await expect(start(empty)).rejects.toThrow(/empty\.gguf is not a GGUF file/);
  });

  it("refuses a truncated model (GGUF header, missing tensors) after trying to load it", async () => {
    const whole = await writeTinyGguf({ path: join(dir, "whole.gguf") });
    const { readFile } = await import("node:fs/promises");
    const path = join(dir, "truncated.gguf");
    await writeFile(path, (await readFile(whole.path)).subarray(0, whole.bytes / 2));
    await expect(start(path)).rejects.toThrow(/cannot load .*truncated\.gguf as a GGUF model/);
  });

  it("refuses bad settings by name", async () => {
    const { path } = await writeTinyGguf({ path: join(dir, "ok.gguf") });
    await expect(start(path, { LOCAL_EMBEDDING_MAX_QUEUE: "lots" })).rejects.toThrow(
      /LOCAL_EMBEDDING_MAX_QUEUE must be a whole number from 0 to 100000, got "lots"/,
    );
    await expect(start(path, { LOCAL_EMBEDDING_CONTEXT_SIZE: "-5" })).rejects.toThrow(
      /LOCAL_EMBEDDING_CONTEXT_SIZE must be a whole number/,
    );
  });

  it("refuses a model whose width is not the pinned EMBEDDING_DIMENSION, and stops it", async () => {
    const { path } = await writeTinyGguf({ path: join(dir, "narrow.gguf"), width: 16 });
    const lines: string[] = [];
    await expect(
      startEmbeddingSidecar({ modelPath: path, expectedDimension: 32, log: (l) => lines.push(l) }),
    ).rejects.toThrow(
      /EMBEDDING_DIMENSION is 32 but the model at .*narrow\.gguf produces 16-dimensional embeddings; set EMBEDDING_DIMENSION=16/,
    );
    expect(lines).toContain(
      "embedding sidecar: SIGTERM: finishing accepted requests, then exiting",
    );
  });

  it("reads a relative model path from this process's working directory", async () => {
    const { path } = await writeTinyGguf({ path: join(dir, "relative.gguf") });
    const started = await startEmbeddingSidecar({
      modelPath: relative(process.cwd(), path),
      log: () => {},
    });
    try {
      const health = await (await fetch(`${started.url}/health`)).json();
      expect(health.modelPath).toBe(path);
    } finally {
      await started.stop();
    }
  });

  it("takes threads from the option, else from LOCAL_EMBEDDING_THREADS", async () => {
    const { path } = await writeTinyGguf({ path: join(dir, "threads.gguf") });
    const threadsOf = async (options: { threads?: number; env?: Record<string, string> }) => {
      const started = await startEmbeddingSidecar({ modelPath: path, log: () => {}, ...options });
      try {
        return (await (await fetch(`${started.url}/health`)).json()).threads;
      } finally {
        await started.stop();
      }
    };
    expect(await threadsOf({ env: { LOCAL_EMBEDDING_THREADS: "2" } })).toBe(2);
    expect(await threadsOf({ threads: 3, env: { LOCAL_EMBEDDING_THREADS: "2" } })).toBe(3);
  });

  it("says to set LOCAL_EMBEDDING_MODEL_PATH when it is missing", async () => {
    await ensureSidecarInstalled();
    const child = spawn(process.execPath, ["server.mjs"], {
      cwd: SIDECAR_DIR,
      env: { PATH: process.env.PATH ?? "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/LOCAL_EMBEDDING_MODEL_PATH is not set/);
  });
});

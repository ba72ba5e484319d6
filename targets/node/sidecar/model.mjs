// Loads the GGUF model once per process and embeds texts with it. Every way a model file can
// be wrong is found here, at startup, and reported as an Error naming the file.
import { open, stat } from "node:fs/promises";
import { getLlama, LlamaLogLevel } from "node-llama-cpp";

/**
 * @typedef {import("node-llama-cpp").LlamaEmbeddingContext} EmbeddingContext
 * @typedef {object} Embedder
 * @property {number} dimension vector width
 * @property {number} contextSize the context each input is embedded in
 * @property {number} maxTokens longest input in tokens, special tokens included
 * @property {EmbeddingContext[]} contexts one per parallel worker
 * @property {(text: string) => number} countTokens tokens `text` takes, special tokens included
 * @property {(context: EmbeddingContext, texts: string[]) => Promise<number[][]>} embed
 * @property {() => Promise<void>} dispose
 */

/**
 * @param {import("./config.mjs").SidecarConfig} config
 * @returns {Promise<Embedder>}
 */
export async function loadEmbedder(config) {
  const path = config.modelPath;
  // Checked before llama.cpp starts (~0.5 s), so a wrong path fails fast and plainly.
  await checkModelFile(path);

  const llama = await getLlama({
    gpu: false,
    // Never compile llama.cpp from source at run time: without the prebuilt package that
    // takes many minutes. Fail instead, and say what to install.
    build: "never",
    logLevel: LlamaLogLevel.error,
    logger: (level, message) => {
      if (level === LlamaLogLevel.error || level === LlamaLogLevel.fatal) {
        process.stderr.write(`llama.cpp: ${message.trimEnd()}\n`);
      }
    },
  }).catch((error) => {
    throw new Error(
      `node-llama-cpp has no usable prebuilt binary (${message(error)}); install the sidecar with ` +
        "`NODE_LLAMA_CPP_SKIP_DOWNLOAD=true npm ci --omit=optional` in targets/node/sidecar",
    );
  });

  /** @type {import("node-llama-cpp").LlamaModel | undefined} */
  let model;
  /** @type {EmbeddingContext[]} */
  const contexts = [];
  const dispose = async () => {
    for (const context of contexts) await context.dispose();
    await model?.dispose();
    await llama.dispose();
  };
  try {
    try {
      model = await llama.loadModel({ modelPath: path });
    } catch (error) {
      throw new Error(`cannot load ${path} as a GGUF model: ${message(error)}`);
    }
    const dimension = model.embeddingVectorSize;
    if (!Number.isInteger(dimension) || dimension <= 0) {
      throw new Error(`${path} reports no embedding size; is it an embedding model?`);
    }
    // Past the training length the model has no position embeddings to use.
    const contextSize = Math.min(config.contextSize, model.trainContextSize || config.contextSize);
    for (let i = 0; i < config.parallel; i++) {
      contexts.push(
        await model.createEmbeddingContext({ contextSize, threads: config.threads }).catch((e) => {
          throw new Error(`cannot create an embedding context for ${path}: ${message(e)}`);
        }),
      );
    }
    const first = /** @type {EmbeddingContext} */ (contexts[0]);

    /** @type {Embedder["embed"]} */
    const embed = async (context, texts) => {
      const vectors = [];
      for (const text of texts) {
        const { vector } = await context.getEmbeddingFor(text);
        vectors.push(normalize(vector, dimension));
      }
      return vectors;
    };

    // One real embedding now, so a model that loads but cannot embed fails at startup.
    const [probe] = await embed(first, ["hello"]).catch((error) => {
      throw new Error(`${path} loaded but could not embed a test sentence: ${message(error)}`);
    });
    if (probe?.length !== dimension) {
      throw new Error(
        `${path} produced a ${probe?.length}-dimensional test embedding, expected ${dimension}`,
      );
    }

    return {
      dimension,
      contextSize,
      // node-llama-cpp refuses an input that fills the whole context.
      maxTokens: contextSize - 1,
      contexts,
      countTokens: (text) => first.calculateInputLength(text),
      embed,
      dispose,
    };
  } catch (error) {
    await dispose().catch(() => {});
    throw error;
  }
}

/** @param {string} path */
async function checkModelFile(path) {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    throw new Error(
      code === "ENOENT"
        ? `LOCAL_EMBEDDING_MODEL_PATH: no file at ${path}`
        : `LOCAL_EMBEDDING_MODEL_PATH: cannot read ${path}: ${message(error)}`,
    );
  }
  if (!info.isFile()) throw new Error(`LOCAL_EMBEDDING_MODEL_PATH: ${path} is not a file`);
  const file = await open(path, "r");
  try {
    const { bytesRead, buffer } = await file.read(Buffer.alloc(4), 0, 4, 0);
    const magic = buffer.subarray(0, bytesRead).toString("latin1");
    if (magic !== "GGUF") {
      throw new Error(
        `LOCAL_EMBEDDING_MODEL_PATH: ${path} is not a GGUF file (it starts with ${JSON.stringify(magic)}, not "GGUF")`,
      );
    }
  } finally {
    await file.close();
  }
}

/**
 * Unit length, as OpenAI's and llama.cpp server's embeddings are, so dot product and cosine
 * agree. A zero or non-finite vector means the model is broken; it is never sent on.
 * @param {readonly number[]} vector
 * @param {number} dimension
 */
function normalize(vector, dimension) {
  if (vector.length !== dimension) {
    throw new Error(`the model returned ${vector.length} values, expected ${dimension}`);
  }
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (!Number.isFinite(norm) || norm === 0) {
    throw new Error("the model returned a zero or non-finite embedding");
  }
  return vector.map((value) => value / norm);
}

/** @param {unknown} error */
function message(error) {
  return error instanceof Error ? error.message : String(error);
}

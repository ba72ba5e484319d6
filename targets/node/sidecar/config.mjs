// The sidecar's settings, read once from the environment. A bad value stops startup with a
// message naming the variable, rather than surfacing later as an odd runtime failure.
import { basename, extname, resolve } from "node:path";

/**
 * @typedef {object} SidecarConfig
 * @property {string} modelPath absolute path of the GGUF file
 * @property {string} modelName the `model` reported in responses
 * @property {string} host
 * @property {number} port 0 picks a free port
 * @property {number} threads CPU threads per embedding context
 * @property {number} contextSize tokens per input, at most the model's training context
 * @property {number} parallel embedding contexts working at once
 * @property {number} maxQueue requests allowed to wait for a context; more get 503
 * @property {number} maxInputs texts per request
 * @property {number} maxBodyBytes request body limit; more gets 413
 * @property {number} shutdownTimeoutMs how long SIGTERM waits for accepted requests
 * @property {boolean} verbose log each request to stderr
 */

export const DEFAULT_PORT = 8791;

/**
 * @param {Record<string, string | undefined>} env
 * @returns {SidecarConfig}
 */
export function readConfig(env) {
  const rawPath = env.LOCAL_EMBEDDING_MODEL_PATH?.trim();
  if (!rawPath) {
    throw new Error("LOCAL_EMBEDDING_MODEL_PATH is not set; point it at a GGUF embedding model");
  }
  const modelPath = resolve(rawPath);
  return {
    modelPath,
    modelName:
      env.LOCAL_EMBEDDING_MODEL_NAME?.trim() || basename(modelPath, extname(modelPath)) || "local",
    host: env.LOCAL_EMBEDDING_HOST?.trim() || "127.0.0.1",
    port: int(env, "LOCAL_EMBEDDING_PORT", DEFAULT_PORT, 0, 65535),
    // More threads make a tiny model slower (thread start-up dominates): ~1.5 ms per
    // embedding with 1 thread, ~14 ms with 2, ~400 ms with llama.cpp's default.
    threads: int(env, "LOCAL_EMBEDDING_THREADS", 1, 1, 256),
    contextSize: int(env, "LOCAL_EMBEDDING_CONTEXT_SIZE", 512, 8, 1 << 20),
    parallel: int(env, "LOCAL_EMBEDDING_PARALLEL", 1, 1, 64),
    maxQueue: int(env, "LOCAL_EMBEDDING_MAX_QUEUE", 64, 0, 100_000),
    maxInputs: int(env, "LOCAL_EMBEDDING_MAX_INPUTS", 256, 1, 100_000),
    maxBodyBytes: int(env, "LOCAL_EMBEDDING_MAX_BODY_BYTES", 2 * 1024 * 1024, 1024, 1 << 30),
    shutdownTimeoutMs: int(env, "LOCAL_EMBEDDING_SHUTDOWN_TIMEOUT_MS", 30_000, 0, 3_600_000),
    verbose: /^(1|true|yes)$/i.test(env.LOCAL_EMBEDDING_VERBOSE?.trim() ?? ""),
  };
}

/**
 * @param {Record<string, string | undefined>} env
 * @param {string} key
 * @param {number} fallback
 * @param {number} min
 * @param {number} max
 */
function int(env, key, fallback, min, max) {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new Error(`${key} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

// Writes a tiny random-weight BERT embedding model as GGUF, so tests run the real llama.cpp
// without downloading or committing a model. The vectors mean nothing; they are only
// deterministic. Names follow llama.cpp's src/models/bert.cpp and src/llama-vocab.cpp; the
// recipe is in notes/toolchain.md.
import { writeFile } from "node:fs/promises";

export interface TinyGgufOptions {
  /** Where to write the file. */
  path: string;
  /** n_embd, the vector width. Default 32. Must be a multiple of `heads`. */
  width?: number;
  /** Transformer blocks. Default 2. */
  layers?: number;
  /** Attention heads. Default 2. */
  heads?: number;
  /** PRNG seed: the same seed gives the same file, byte for byte. Default 1. */
  seed?: number;
}

export interface TinyGguf {
  path: string;
  width: number;
  vocabSize: number;
  contextLength: number;
  bytes: number;
}

/** Below 512, llama.cpp warns "n_ctx_seq > n_ctx_train" for ordinary context sizes. */
const CONTEXT_LENGTH = 512;
const ALIGNMENT = 32;
const WORD_START = "\u2581";

// GGUF metadata value types (ggml/include/gguf.h).
const U32 = 4;
const I32 = 5;
const F32 = 6;
const BOOL = 7;
const STRING = 8;
const ARRAY = 9;

type Value =
  | { type: typeof U32 | typeof I32 | typeof F32; value: number }
  | { type: typeof BOOL; value: boolean }
  | { type: typeof STRING; value: string }
  | { type: typeof ARRAY; of: typeof I32 | typeof F32 | typeof STRING; items: (number | string)[] };

interface Tensor {
  name: string;
  /** ggml order: innermost first. */
  dims: number[];
  data: Float32Array;
}

export async function writeTinyGguf(options: TinyGgufOptions): Promise<TinyGguf> {
  const width = options.width ?? 32;
  const layers = options.layers ?? 2;
  const heads = options.heads ?? 2;
  if (!Number.isInteger(width) || width < heads || width % heads !== 0) {
    throw new Error(`width must be a positive multiple of heads (${heads}), got ${width}`);
  }
  if (!Number.isInteger(layers) || layers < 1) {
    throw new Error(`layers must be a positive whole number, got ${layers}`);
  }
  const feedForward = width * 4;
  const random = gaussian(options.seed ?? 1);
  const vocab = vocabulary();

  const metadata: [string, Value][] = [
    ["general.architecture", { type: STRING, value: "bert" }],
    ["general.alignment", { type: U32, value: ALIGNMENT }],
    ["general.file_type", { type: U32, value: 0 }],
    ["bert.context_length", { type: U32, value: CONTEXT_LENGTH }],
    ["bert.embedding_length", { type: U32, value: width }],
    ["bert.feed_forward_length", { type: U32, value: feedForward }],
    ["bert.block_count", { type: U32, value: layers }],
    ["bert.attention.head_count", { type: U32, value: heads }],
    ["bert.attention.layer_norm_epsilon", { type: F32, value: 1e-12 }],
    ["bert.attention.causal", { type: BOOL, value: false }],
    ["bert.pooling_type", { type: U32, value: 1 }], // MEAN
    ["tokenizer.ggml.model", { type: STRING, value: "bert" }],
    ["tokenizer.ggml.pre", { type: STRING, value: "default" }],
    ["tokenizer.ggml.tokens", { type: ARRAY, of: STRING, items: vocab.tokens }],
    ["tokenizer.ggml.scores", { type: ARRAY, of: F32, items: vocab.tokens.map(() => 0) }],
    ["tokenizer.ggml.token_type", { type: ARRAY, of: I32, items: vocab.types }],
    ["tokenizer.ggml.token_type_count", { type: U32, value: 2 }],
    // Set explicitly: BERT's defaults (CLS 101 ...) fall outside a tiny vocabulary.
    ["tokenizer.ggml.padding_token_id", { type: U32, value: 0 }],
    ["tokenizer.ggml.unknown_token_id", { type: U32, value: 1 }],
    ["tokenizer.ggml.cls_token_id", { type: U32, value: 2 }],
    ["tokenizer.ggml.bos_token_id", { type: U32, value: 2 }],
    ["tokenizer.ggml.seperator_token_id", { type: U32, value: 3 }], // llama.cpp's spelling
    ["tokenizer.ggml.mask_token_id", { type: U32, value: 4 }],
    ["tokenizer.ggml.add_bos_token", { type: BOOL, value: true }],
    ["tokenizer.ggml.add_sep_token", { type: BOOL, value: true }],
  ];

  const weights = (...dims: number[]): Tensor["data"] => {
    const data = new Float32Array(dims.reduce((a, b) => a * b, 1));
    for (let i = 0; i < data.length; i++) data[i] = random() * 0.05;
    return data;
  };
  const filled = (length: number, value: number) => new Float32Array(length).fill(value);
  const norm = (name: string): Tensor[] => [
    { name: `${name}.weight`, dims: [width], data: filled(width, 1) },
    { name: `${name}.bias`, dims: [width], data: filled(width, 0) },
  ];
  const linear = (name: string, inputs: number, outputs: number): Tensor[] => [
    { name: `${name}.weight`, dims: [inputs, outputs], data: weights(inputs, outputs) },
    { name: `${name}.bias`, dims: [outputs], data: weights(outputs) },
  ];

  const tensors: Tensor[] = [
    {
      name: "token_embd.weight",
      dims: [width, vocab.tokens.length],
      data: weights(width, vocab.tokens.length),
    },
    { name: "token_types.weight", dims: [width, 2], data: weights(width, 2) },
    {
      name: "position_embd.weight",
      dims: [width, CONTEXT_LENGTH],
      data: weights(width, CONTEXT_LENGTH),
    },
    ...norm("token_embd_norm"),
  ];
  for (let layer = 0; layer < layers; layer++) {
    const blk = `blk.${layer}`;
    tensors.push(
      ...linear(`${blk}.attn_q`, width, width),
      ...linear(`${blk}.attn_k`, width, width),
      ...linear(`${blk}.attn_v`, width, width),
      ...linear(`${blk}.attn_output`, width, width),
      ...norm(`${blk}.attn_output_norm`),
      ...linear(`${blk}.ffn_up`, width, feedForward),
      ...linear(`${blk}.ffn_down`, feedForward, width),
      ...norm(`${blk}.layer_output_norm`),
    );
  }

  const bytes = encode(metadata, tensors);
  await writeFile(options.path, bytes);
  return {
    path: options.path,
    width,
    vocabSize: vocab.tokens.length,
    contextLength: CONTEXT_LENGTH,
    bytes: bytes.length,
  };
}

/**
 * llama.cpp's WordPiece form: a word-initial piece carries "▁", a continuation is bare (no
 * "##"). Single characters in both forms let any lower-case ASCII word tokenize. Tokens must
 * be unique: a duplicate trips a GGML_ASSERT that kills the process.
 */
function vocabulary(): { tokens: string[]; types: number[] } {
  const specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"];
  const characters = [..."abcdefghijklmnopqrstuvwxyz0123456789"];
  const punctuation = [..."!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"];
  const words = ["the", "cat", "dog", "sat", "on", "mat", "hello", "world", "is", "and"];
  const normal = [
    ...characters.map((c) => WORD_START + c),
    ...characters,
    ...punctuation.map((c) => WORD_START + c),
    ...words.map((w) => WORD_START + w),
  ];
  const tokens = [...specials, ...normal];
  if (new Set(tokens).size !== tokens.length) throw new Error("tiny-gguf: duplicate token");
  const types = [3, 2, 3, 3, 3, ...normal.map(() => 1)]; // control, unknown, normal
  return { tokens, types };
}

function encode(metadata: [string, Value][], tensors: Tensor[]): Uint8Array {
  const out = new ByteWriter();
  out.bytes(new TextEncoder().encode("GGUF"));
  out.u32(3);
  out.u64(tensors.length);
  out.u64(metadata.length);
  for (const [key, value] of metadata) {
    out.string(key);
    out.u32(value.type);
    writeValue(out, value);
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const tensor of tensors) {
    out.string(tensor.name);
    out.u32(tensor.dims.length);
    for (const dim of tensor.dims) out.u64(dim);
    out.u32(0); // GGML_TYPE_F32
    out.u64(offset);
    offsets.push(offset);
    offset = align(offset + tensor.data.byteLength);
  }
  out.pad();
  const start = out.length;
  tensors.forEach((tensor, i) => {
    out.pad();
    if (out.length - start !== offsets[i]) throw new Error("tiny-gguf: tensor offset mismatch");
    out.f32s(tensor.data);
  });
  out.pad();
  return out.finish();
}

function writeValue(out: ByteWriter, value: Value): void {
  if (value.type === ARRAY) {
    out.u32(value.of);
    out.u64(value.items.length);
    for (const item of value.items) {
      if (value.of === STRING) out.string(item as string);
      else if (value.of === I32) out.i32(item as number);
      else out.f32(item as number);
    }
  } else if (value.type === BOOL) out.u8(value.value ? 1 : 0);
  else if (value.type === STRING) out.string(value.value);
  else if (value.type === U32) out.u32(value.value);
  else if (value.type === I32) out.i32(value.value);
  else out.f32(value.value);
}

function align(n: number): number {
  return Math.ceil(n / ALIGNMENT) * ALIGNMENT;
}

/** A growable little-endian buffer. */
class ByteWriter {
  private buffer = new Uint8Array(1 << 16);
  private view = new DataView(this.buffer.buffer);
  length = 0;

  private reserve(n: number): number {
    if (this.length + n > this.buffer.length) {
      const bigger = new Uint8Array(Math.max(this.buffer.length * 2, this.length + n));
      bigger.set(this.buffer.subarray(0, this.length));
      this.buffer = bigger;
      this.view = new DataView(bigger.buffer);
    }
    const at = this.length;
    this.length += n;
    return at;
  }
  u8(v: number) {
    this.view.setUint8(this.reserve(1), v);
  }
  u32(v: number) {
    this.view.setUint32(this.reserve(4), v, true);
  }
  i32(v: number) {
    this.view.setInt32(this.reserve(4), v, true);
  }
  f32(v: number) {
    this.view.setFloat32(this.reserve(4), v, true);
  }
  u64(v: number) {
    this.view.setBigUint64(this.reserve(8), BigInt(v), true);
  }
  bytes(b: Uint8Array) {
    this.buffer.set(b, this.reserve(b.length));
  }
  string(s: string) {
    const b = new TextEncoder().encode(s);
    this.u64(b.length);
    this.bytes(b);
  }
  f32s(data: Float32Array) {
    const at = this.reserve(data.byteLength);
    for (let i = 0; i < data.length; i++) this.view.setFloat32(at + i * 4, data[i]!, true);
  }
  pad() {
    this.reserve(align(this.length) - this.length);
  }
  finish(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

/** Seeded standard normal samples: mulberry32 through Box–Muller. */
function gaussian(seed: number): () => number {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => {
    const u = 1 - uniform(); // (0, 1]: log(0) would be -Infinity
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform());
  };
}

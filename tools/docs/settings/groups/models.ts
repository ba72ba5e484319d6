// Settings catalog groups (tools/docs/settings/catalog.ts): the character and its models: who the
// agent is, which provider answers, and elizaOS's per-call model parameters.
import type { Setting, SettingGroup } from "../types.ts";

export const PARAMETER_MODEL_TYPES = [
  "TEXT_SMALL",
  "TEXT_LARGE",
  "OBJECT_SMALL",
  "OBJECT_LARGE",
  "TEXT_REASONING_SMALL",
  "TEXT_REASONING_LARGE",
  "TEXT_COMPLETION",
] as const;

/** The parameter suffixes, in the order elizaOS lists them. */
export const PARAMETER_SUFFIXES = [
  "MAX_TOKENS",
  "TEMPERATURE",
  "TOP_P",
  "TOP_K",
  "MIN_P",
  "SEED",
  "REPETITION_PENALTY",
  "FREQUENCY_PENALTY",
  "PRESENCE_PENALTY",
] as const;

const perType = (type: string) => PARAMETER_SUFFIXES.map((suffix) => `${type}_${suffix}`);

export const MODEL_GROUPS: readonly SettingGroup[] = [
  {
    title: "Character",
    settings: [
      {
        names: ["CHARACTER_JSON"],
        usedBy: "all targets",
        meaning:
          "Character JSON text; overrides `character.json` at the project root (a `character` given in code overrides both).",
      },
    ],
  },
  {
    title: "Models",
    intro:
      "With no provider configured the agent answers with the built-in offline ELIZA and says so at startup. If both Anthropic and OpenAI are configured, Anthropic writes text and OpenAI embeds.",
    settings: [
      {
        names: ["OPENAI_API_KEY"],
        usedBy: "models",
        meaning: "Key for OpenAI or a compatible server (optional for local servers).",
      },
      {
        names: ["OPENAI_BASE_URL"],
        usedBy: "models",
        default: "`https://api.openai.com/v1`",
        meaning:
          "OpenAI-compatible endpoint (OpenAI, Groq, OpenRouter, Together, Ollama, llama.cpp server, vLLM).",
      },
      {
        names: ["OPENAI_SMALL_MODEL", "OPENAI_LARGE_MODEL"],
        usedBy: "models",
        default: "`gpt-4o-mini`, `gpt-4o`",
        meaning: "Chat models for `TEXT_SMALL` and `TEXT_LARGE`.",
      },
      {
        names: ["OPENAI_EMBEDDING_MODEL"],
        usedBy: "models",
        default: "`text-embedding-3-small`",
        meaning:
          "Embedding model; `none` turns embeddings off (memory search off). A server without the model (404, or 501 from llama.cpp without `--embeddings`) turns them off too, with one warning.",
      },
      {
        names: [
          "OPENAI_REASONING_SMALL_MODEL",
          "OPENAI_REASONING_LARGE_MODEL",
          "ANTHROPIC_REASONING_SMALL_MODEL",
          "ANTHROPIC_REASONING_LARGE_MODEL",
        ],
        usedBy: "models",
        default: "the provider's large model",
        meaning:
          "Models for `TEXT_REASONING_SMALL`/`TEXT_REASONING_LARGE` (e.g. `o4-mini`, `o3`). OpenAI gets `max_completion_tokens` for them (its reasoning models refuse `max_tokens`).",
      },
      {
        names: ["OPENAI_TTS_MODEL", "OPENAI_TTS_VOICE", "OPENAI_TTS_INSTRUCTIONS"],
        usedBy: "models",
        default: "`gpt-4o-mini-tts`, voice `nova`",
        meaning:
          "`TEXT_TO_SPEECH` over `POST /audio/speech`; takes a string or `{text, voice?, speed?}` and returns the audio as an `ArrayBuffer`, as elizaOS's OpenAI plugin. Registered for OpenAI itself; with `OPENAI_BASE_URL` (Ollama, vLLM) only when `OPENAI_TTS_MODEL` names a model the server has.",
      },
      {
        names: [
          "OPENAI_IMAGE_MODEL",
          "OPENAI_IMAGE_DESCRIPTION_MODEL",
          "OPENAI_IMAGE_DESCRIPTION_MAX_TOKENS",
          "OPENAI_TRANSCRIPTION_MODEL",
          "ANTHROPIC_IMAGE_DESCRIPTION_MODEL",
          "CLOUDFLARE_AI_IMAGE_MODEL",
        ],
        usedBy: "models",
        default:
          "`gpt-image-1` (Workers AI `flux-1-schnell`); the small chat model; `gpt-4o-mini-transcribe`",
        meaning:
          "Models for `IMAGE`, `IMAGE_DESCRIPTION` (on Ollama a vision model such as `llava`) and `TRANSCRIPTION`. `OBJECT_SMALL`/`OBJECT_LARGE` use the chat models (JSON mode on OpenAI-compatible servers) and fail with the answer quoted when it is not JSON. Images and audio are given as http(s) or `data:` URLs (or audio bytes).",
      },
      {
        names: ["ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"],
        usedBy: "models",
        default: "base `https://api.anthropic.com`",
        meaning: "Anthropic Messages API.",
      },
      {
        names: ["ANTHROPIC_SMALL_MODEL", "ANTHROPIC_LARGE_MODEL"],
        usedBy: "models",
        default: "`claude-3-5-haiku-latest`, `claude-sonnet-4-5`",
        meaning: "Anthropic's chat models for `TEXT_SMALL` and `TEXT_LARGE`.",
      },
      {
        names: ["LLM_MODE"],
        usedBy: "models",
        default: "`DEFAULT`",
        meaning:
          "elizaOS's `llmMode`: `DEFAULT` (each call's own size), `SMALL` or `LARGE` (every `TEXT_SMALL`/`TEXT_LARGE` call uses that size); anything else is `DEFAULT`.",
      },
      {
        names: ["SHOULD_RESPOND_MODEL"],
        usedBy: "message loop",
        default: "`small`",
        meaning: "`small` or `large`: the model that decides whether to answer in a group.",
      },
      {
        names: ["MODEL_TIMEOUT_MS"],
        usedBy: "models",
        default:
          "20000 on Workers and Lambda, 40000 on Vercel and Node (60000 in code that builds its own agent)",
        meaning:
          "One model call's deadline, its one retry and the wait before it included (a retry that would not fit is not made). Past it the request gets 503 `model_timeout`.",
      },
      {
        names: ["EMBEDDING_DIMENSION"],
        usedBy: "models, storage",
        meaning:
          "Pins the embedding width; a vector of another width is an error. On Postgres the schema step (`npm run db:migrate`, or the Node target's start) also builds that width's memory search index.",
      },
      {
        names: ["LOCAL_EMBEDDING_URL"],
        usedBy: "models",
        meaning:
          "An already running embedding sidecar (or any OpenAI-shaped embeddings server, no key).",
      },
    ],
  },
  {
    title: "Model parameters",
    intro:
      "elizaOS's model defaults: a `useModel` call that does not set `temperature`, `maxTokens`, `topP`, ... gets the type's own setting (`TEXT_LARGE_TEMPERATURE`), else `DEFAULT_*`, else elizaOS's legacy name. A value that is not a number is skipped. `user` is set to the character's name when absent. Plugin model handlers get them all; the built-in providers send `temperature` and `maxTokens`.",
    settings: [
      {
        names: perType("DEFAULT"),
        usedBy: "models",
        meaning: "Every model type's parameter when the type has no setting of its own.",
      },
      ...PARAMETER_MODEL_TYPES.map(
        (type): Setting => ({
          names: perType(type),
          usedBy: "models",
          meaning: `The parameters of a \`${type}\` call.`,
        }),
      ),
      {
        names: [
          "MODEL_TEMPERATURE",
          "MODEL_MAX_TOKEN",
          "MODEL_FREQ_PENALTY",
          "MODEL_PRESENCE_PENALTY",
        ],
        usedBy: "models",
        meaning:
          "elizaOS's legacy names for temperature, max tokens, frequency and presence penalty, read last.",
      },
    ],
  },
];

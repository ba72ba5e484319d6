// Every setting eliza-edge reads, in one list: its name(s), who reads it, its default and what
// it does. docs/reference/configuration.md is generated from it (`npm run docs:generate`), and
// test/docs/settings-catalog.test.ts fails when the code reads a name this list lacks or this
// list names one the code never reads. Nothing at run time imports this file: the bundles stay
// as they are.
//
// `meaning` is Markdown; links point at pages of the docs site (no anchors into pages written by
// hand, so a reworded heading cannot break this generated page).

export interface Setting {
  /** The names this row documents: one setting, or a family read together. */
  readonly names: readonly string[];
  /** Who reads it: a target, a layer, a connector, a command. */
  readonly usedBy: string;
  /** The default, as a reader would write it; omitted when there is none. */
  readonly default?: string;
  /** What it does, in Markdown. */
  readonly meaning: string;
}

export interface SettingGroup {
  readonly title: string;
  /** A sentence or two above the group's table, in Markdown. */
  readonly intro?: string;
  readonly settings: readonly Setting[];
}

/** elizaOS's model types that take per-type parameter settings (`TEXT_LARGE_TEMPERATURE`). */
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

export const SETTING_GROUPS: readonly SettingGroup[] = [
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
  {
    title: "Storage",
    settings: [
      {
        names: ["DB"],
        usedBy: "Workers (binding)",
        meaning: "The D1 database binding: the Worker's storage.",
      },
      {
        names: ["VECTORIZE"],
        usedBy: "Workers (binding)",
        meaning:
          "A Vectorize index (cosine, `EMBEDDING_DIMENSION` wide, string metadata indexes on `tableName`, `roomId`, `agentId`, `entityId`, `worldId`): memory search goes there instead of scoring D1's newest 1,000. See [Memory search](/guides/memory-search).",
      },
      {
        names: ["DATABASE_URL"],
        usedBy: "Node target, `db:migrate`, Vercel, Lambda",
        meaning:
          "Postgres (or Neon) instead of embedded PGlite; must be a `postgres://` URL. On Lambda a Neon connection string, used over Neon's HTTP driver instead of DynamoDB. elizaOS's `POSTGRES_URL` is read when it is unset.",
      },
      {
        names: ["DATABASE_CONNECT_TIMEOUT_MS", "DATABASE_QUERY_TIMEOUT_MS"],
        usedBy:
          "Node target with `DATABASE_URL`; Vercel and Lambda with `DATABASE_URL` (query only); Node target on PGlite (query only)",
        default: "5000, 10000",
        meaning:
          "Give up opening a connection, or a statement (server `statement_timeout`; the client waits 1 s more; on Vercel and Lambda each Neon HTTP request is aborted after `DATABASE_QUERY_TIMEOUT_MS`; on PGlite, a worker thread that answers none of the statements waiting on it for this long is ended and a new one opens the directory); the request then gets 503. `npm run db:migrate` allows its statements 10 minutes unless this is set.",
      },
      {
        names: ["PGLITE_DIR"],
        usedBy: "Node target",
        default: "`./.eliza-edge/db`",
        meaning:
          "Embedded PGlite data directory (elizaOS's `PGLITE_DATA_DIR` is read when it is unset). One process at a time: the opener writes `eliza-edge.lock` there; a second one is refused, a lock left by a crash is taken over. A new directory starts from the build's seed when it matches the installed PGlite and pgvector, else with initdb.",
      },
      {
        names: ["PGLITE_WORKER"],
        usedBy: "Node target",
        default: "true",
        meaning:
          "`true`: embedded PGlite runs in a worker thread, so SQL executes beside the server's thread while it reads requests, serialises JSON and runs turns; a worker that dies or stalls (`DATABASE_QUERY_TIMEOUT_MS`) fails the requests waiting on it with 503 + `Retry-After` and is replaced (after 0.5 s, doubling up to 30 s while it cannot start). `false`: PGlite runs in the server's thread, as `createPgliteStorage` does for library code.",
      },
      {
        names: ["ALLOW_NO_DATABASE"],
        usedBy: "all targets",
        meaning:
          "`true` with no database configured (no D1 `DB` binding, `DYNAMODB_TABLE`, `DATABASE_URL`; on Node instead of PGlite) keeps everything in memory, lost when the process, isolate or instance ends; one startup warning says so. A configured database is still used.",
      },
      {
        names: ["DYNAMODB_TABLE", "DYNAMODB_ENDPOINT"],
        usedBy: "Lambda, `dynamodb:create-table`",
        meaning:
          "Table name; endpoint override (DynamoDB Local). On Lambda `DATABASE_URL`, when set, wins.",
      },
      {
        names: [
          "DYNAMODB_CONNECT_TIMEOUT_MS",
          "DYNAMODB_REQUEST_TIMEOUT_MS",
          "DYNAMODB_MAX_ATTEMPTS",
        ],
        usedBy: "Lambda",
        default: "1000, 2000, 3",
        meaning:
          "Bounded waits on DynamoDB: connect, an attempt's answer, attempts (the SDK's backoff between them), so a stalled or throttled table fails a call in about 7 s with 503 `storage_unavailable`, never a hang.",
      },
    ],
  },
  {
    title: "HTTP and access",
    settings: [
      {
        names: ["API_TOKEN"],
        usedBy: "HTTP",
        meaning:
          "Bearer token for `/api/messages`, `/api/rooms`, `/api/runs`, `/api/tasks`, `/api/streams`, OpenAI's `/v1` and elizaOS's routes (also as `X-API-KEY`); it keys the event streams' URL tokens. The Node dev server on loopback is open without it.",
      },
      {
        names: ["CRON_SECRET"],
        usedBy: "HTTP",
        meaning:
          "Bearer token for `/api/cron` (Vercel cron sends it); ≥16 random characters: a shorter one keeps the route closed and `npm start` refuses to start.",
      },
      {
        names: ["REQUEST_TIMEOUT_MS"],
        usedBy: "HTTP",
        default: "28000 on Workers, 27000 on Lambda, 55000 on Vercel and Node",
        meaning:
          "Deadline of a whole request: past it the client gets 503 `request_timeout` with `Retry-After`, before the platform's gateway answers 504 (the work goes on; a keyed message answers 409 until it is done, then replays). `0` turns it off.",
      },
      {
        names: ["HEALTH_READY_TIMEOUT_MS"],
        usedBy: "HTTP",
        default: "2000",
        meaning: "`/health/ready` answers 503 when storage has not answered within it.",
      },
      {
        names: ["EVENT_STREAM_KEEPALIVE_MS", "EVENT_STREAM_POLL_MS", "EVENT_STREAM_MAX_MS"],
        usedBy: "HTTP",
        default: "15000, 1000, 25000",
        meaning:
          "The GET event stream's keep-alive comment interval, how often a reconnected stream looks for the turn's replies, how long one connection stays open. See [Streaming](/guides/streaming).",
      },
      {
        names: ["RATE_LIMIT_USER_PER_MINUTE", "RATE_LIMIT_ROOM_PER_MINUTE"],
        usedBy: "HTTP, webhooks",
        default: "20, 60",
        meaning: "Messages one user and one room may send per minute; `0` turns a limit off.",
      },
      {
        names: ["SECRET_HOSTS_ALLOWED"],
        usedBy: "connectors, models",
        meaning:
          "Hosts (`name` or `name:port`, comma-separated) a secret may go to whatever set the base URL; env/runtime only.",
      },
      {
        names: ["SECRET_SALT"],
        usedBy: "settings",
        default: "elizaOS's public `secretsalt`",
        meaning:
          "Key for the character's secrets in the agents row (AES-256-GCM, key by HKDF-SHA-256, stored `v1:gcm:…`; use a long random string) and salt of secrets elizaOS stored encrypted (`ivHex:cipherHex`, AES-256-CBC), which `getSetting` reads in plain text. With the default, a character with secrets gets a startup warning in production (an edge target, or `NODE_ENV=production`).",
      },
    ],
  },
  {
    title: "Node target",
    settings: [
      {
        names: ["PORT", "HOST"],
        usedBy: "Node target",
        default: "`127.0.0.1:3000`",
        meaning:
          "Listen address; a host that is not a loopback address (`localhost`, `127.0.0.0/8`, `::1`) requires `API_TOKEN`.",
      },
      {
        names: ["HTTP_KEEP_ALIVE_TIMEOUT_MS", "HTTP_HEADERS_TIMEOUT_MS"],
        usedBy: "Node target",
        default: "65000, 66000",
        meaning:
          "An idle keep-alive connection is kept longer than a load balancer's own idle timeout (AWS ALB 60 s), so the balancer always closes first; a request's headers must arrive within the second (at least the keep-alive timeout plus 1 s).",
      },
      {
        names: ["SHUTDOWN_TIMEOUT_MS"],
        usedBy: "Node target",
        default: "10000",
        meaning:
          "On SIGTERM or SIGINT, how long requests and background turns in flight may finish; then every connection left is closed and the process exits. See [Going to production](/guides/production).",
      },
      {
        names: ["MAX_CONCURRENT_TURNS", "MAX_QUEUED_TURNS", "TURN_QUEUE_TIMEOUT_MS"],
        usedBy: "Node target",
        default: "16, 64, 5000",
        meaning:
          "Load shedding: at most this many message turns run at once and wait, each waiting at most this long; past that `POST /api/messages` answers 503 `overloaded` with `Retry-After` at once and stores nothing. `MAX_CONCURRENT_TURNS=0` turns it off.",
      },
      {
        names: ["MAX_EVENT_LOOP_DELAY_MS"],
        usedBy: "Node target",
        default: "250",
        meaning:
          "While the event loop runs more than this late (the most a timer fired late in the last second) and a turn is running, new turns get 503 `overloaded`: a server whose turns fill its thread (their JavaScript, a plugin's heavy work; SQL too with `PGLITE_WORKER=false`, where a higher value such as 1000 suits) reads requests late, so few reach the queue; `0` turns it off.",
      },
      {
        names: ["TASK_INTERVAL_MS"],
        usedBy: "Node target",
        default: "5000",
        meaning: "The local-timer tick that runs due tasks; `0` turns it off.",
      },
      {
        names: ["LOCAL_EMBEDDING_MODEL_PATH"],
        usedBy: "Node target, sidecar",
        meaning: "A GGUF embedding model: `npm start` runs the local embedding sidecar on it.",
      },
      {
        names: ["USER"],
        usedBy: "`eliza-edge chat`",
        default: "`you`",
        meaning: "The name the terminal chat speaks under (the operating system sets it).",
      },
    ],
  },
  {
    title: "Local embedding sidecar",
    intro:
      "The GGUF embedding server (`npm run sidecar`, or started by `npm start` with `LOCAL_EMBEDDING_MODEL_PATH`). A bad value stops its start with a message naming the variable.",
    settings: [
      {
        names: ["LOCAL_EMBEDDING_THREADS"],
        usedBy: "sidecar",
        default: "1",
        meaning: "CPU threads per embedding (more make a tiny model slower).",
      },
      {
        names: ["LOCAL_EMBEDDING_PORT", "LOCAL_EMBEDDING_HOST"],
        usedBy: "sidecar",
        default: "8791, `127.0.0.1`",
        meaning: "Where it listens; port 0 picks a free port.",
      },
      {
        names: ["LOCAL_EMBEDDING_MODEL_NAME"],
        usedBy: "sidecar",
        default: "the model file's name",
        meaning: "The `model` reported in responses.",
      },
      {
        names: ["LOCAL_EMBEDDING_CONTEXT_SIZE", "LOCAL_EMBEDDING_PARALLEL"],
        usedBy: "sidecar",
        default: "512, 1",
        meaning:
          "Tokens per input (at most the model's training context); embedding contexts working at once.",
      },
      {
        names: [
          "LOCAL_EMBEDDING_MAX_QUEUE",
          "LOCAL_EMBEDDING_MAX_INPUTS",
          "LOCAL_EMBEDDING_MAX_BODY_BYTES",
        ],
        usedBy: "sidecar",
        default: "64, 256, 2097152",
        meaning:
          "Requests allowed to wait for a context (more get 503); texts per request; request body limit (more gets 413).",
      },
      {
        names: ["LOCAL_EMBEDDING_SHUTDOWN_TIMEOUT_MS"],
        usedBy: "sidecar",
        default: "30000",
        meaning: "How long SIGTERM waits for accepted requests.",
      },
      {
        names: ["LOCAL_EMBEDDING_VERBOSE"],
        usedBy: "sidecar",
        meaning: "`1`, `true` or `yes`: log each request to stderr.",
      },
    ],
  },
  {
    title: "The message turn and memory",
    settings: [
      {
        names: ["CONVERSATION_LENGTH"],
        usedBy: "pipeline",
        default: "32",
        meaning:
          "Recent messages put in the prompt (`getConversationLength()`), as in elizaOS; the constructor's `conversationLength` wins over it.",
      },
      {
        names: ["ACTION_MODE"],
        usedBy: "pipeline",
        default: "`multiple`",
        meaning: "`multiple` (run every planned action in order) or `single`.",
      },
      {
        names: ["RUN_TIMEOUT_MS"],
        usedBy: "pipeline",
        default:
          "25000 on Workers and Lambda, 50000 on Vercel and Node (elizaOS's 3600000 in code that builds its own agent)",
        meaning:
          "A turn running longer emits `RUN_TIMEOUT` and ends without a reply (anything later is dropped; `POST /api/messages` answers 503 `turn_timeout`, and a retry goes on from the stored message); elizaOS's per-call `timeoutDuration` wins.",
      },
      {
        names: ["BASIC_CAPABILITIES_KEEP_RESP"],
        usedBy: "pipeline",
        meaning:
          "`true`: keep a run's reply even when a newer message arrived in the room meanwhile (elizaOS 1.7's `BOOTSTRAP_KEEP_RESP` is read too); default discards it.",
      },
      {
        names: ["EMBEDDING_BUDGET_MS"],
        usedBy: "pipeline",
        default: "5000",
        meaning: "Time an embedding may add to a request before it is deferred to a task.",
      },
      {
        names: ["KNOWLEDGE_COUNT", "KNOWLEDGE_MATCH_THRESHOLD"],
        usedBy: "pipeline",
        default: "5, 0.25",
        meaning: "Knowledge fragments per prompt and their minimum cosine similarity.",
      },
      {
        names: ["KNOWLEDGE_FRAGMENTS_PER_TICK"],
        usedBy: "Workers, Lambda, Vercel",
        default: "16",
        meaning: "Knowledge fragments one task tick embeds; the next tick goes on.",
      },
      {
        names: ["MEMORY_RECALL_COUNT", "MEMORY_MATCH_THRESHOLD"],
        usedBy: "pipeline",
        default: "3, 0.25",
        meaning: "Earlier messages recalled by meaning and their minimum similarity.",
      },
      {
        names: ["MEDIA_MAX_BYTES"],
        usedBy: "connectors",
        default: "20971520 (20 MiB)",
        meaning:
          "Largest file read from a message (photo, voice note, document); larger ones are not downloaded.",
      },
      {
        names: ["PLUGIN_INIT_FATAL"],
        usedBy: "runtime",
        meaning:
          "`true`: a plugin whose `init` throws fails the start. Default: it is logged with its name and the agent starts without that plugin's components, as elizaOS's app layer does.",
      },
    ],
  },
  {
    title: "Reminders, autonomy and the prompt batcher",
    settings: [
      {
        names: ["REMINDERS_MAX_PER_USER", "REMINDERS_MAX_PER_ROOM"],
        usedBy: "reminders",
        default: "20, 50",
        meaning: "Open reminders one user and one room may hold; `0` = no cap.",
      },
      {
        names: ["REMINDERS_MIN_INTERVAL_MINUTES"],
        usedBy: "reminders",
        default: "15",
        meaning: "Shortest repeat of a recurring reminder (never below 1).",
      },
      {
        names: ["DEFAULT_TIME_ZONE"],
        usedBy: "reminders",
        default: "`UTC`",
        meaning:
          'IANA zone clock times in reminders are read in ("tomorrow at 9am"); a user\'s own ("my time zone is Europe/Berlin") wins. A name that is no zone is UTC, with one warning.',
      },
      {
        names: ["ENABLE_AUTONOMY"],
        usedBy: "autonomy",
        default: "off",
        meaning:
          "`true`/`1`/`yes`/`on` makes the agent take autonomous steps on ticks; turned off, the task removes itself on its next run. See [Tasks and cron](/guides/tasks-and-cron).",
      },
      {
        names: ["AUTONOMY_INTERVAL_MS", "AUTONOMY_INTERVAL"],
        usedBy: "autonomy",
        default: "30000",
        meaning: "Time between steps (clamped to 5 s – 1 day); the second is elizaOS's name.",
      },
      {
        names: ["AUTONOMY_MAX_STEPS_PER_TICK"],
        usedBy: "autonomy",
        default: "1",
        meaning: "Steps one run of the task takes (at most 10).",
      },
      {
        names: ["AUTONOMY_MAX_STEPS_PER_DAY"],
        usedBy: "autonomy",
        default: "100",
        meaning:
          "Steps per UTC day, counted in storage, so racing ticks and isolates never overdraw it; `0` stops all steps.",
      },
      {
        names: ["PROMPT_BATCHER_BATCH_SIZE"],
        usedBy: "prompt batcher",
        default: "8",
        meaning: "Buffered messages that make `tick(message)` drain a group.",
      },
      {
        names: ["PROMPT_BATCHER_MAX_DRAIN_INTERVAL_MS"],
        usedBy: "prompt batcher",
        default: "30000",
        meaning:
          "A group's `BATCHER_DRAIN` interval (shorter if a `think` section's `minCycleMs` is).",
      },
      {
        names: ["PROMPT_BATCHER_MAX_SECTIONS_PER_CALL"],
        usedBy: "prompt batcher",
        default: "8",
        meaning: "Sections one call answers.",
      },
      {
        names: ["PROMPT_BATCHER_MAX_TOKENS_PER_CALL", "PROMPT_BATCHER_PACKING_DENSITY"],
        usedBy: "prompt batcher",
        default: "24000, 0.85",
        meaning: "A packed call's token budget, and the share (0–1) of it that is filled.",
      },
      {
        names: ["PROMPT_BATCHER_MAX_PARALLEL_CALLS"],
        usedBy: "prompt batcher",
        default: "2",
        meaning: "Calls one drain runs at once.",
      },
      {
        names: ["PROMPT_BATCHER_MODEL_SEPARATION"],
        usedBy: "prompt batcher",
        default: "1",
        meaning:
          "0–1; below 1 a minority of small-model sections may ride in a large-model call. A malformed batcher value stops the start with an error naming the setting.",
      },
    ],
  },
  {
    title: "Logging and the run log",
    settings: [
      {
        names: ["LOG_LEVEL"],
        usedBy: "all",
        default: "`info`",
        meaning:
          "`debug`, `info`, `warn`, `error`, `silent`. At `info` each run ends with one line (its kind, actions, model calls, tokens); `debug` adds each step of a turn. See [Observing runs](/guides/observing-runs).",
      },
      {
        names: ["LOG_JSON_FORMAT"],
        usedBy: "all",
        default: "`true` on the Worker, Lambda and Vercel; `false` on Node and the CLI",
        meaning:
          "`true`: log lines are one JSON object each (`level`, ISO `time`, `msg`, then the data's fields, `runId` and `roomId` on a turn's lines), for Workers Logs and CloudWatch; redacted like the readable lines.",
      },
      {
        names: ["LOG_RETENTION_DAYS"],
        usedBy: "all",
        default: "7",
        meaning:
          "How long the run log keeps each run's row; fractions allowed; each tick deletes a bounded batch of older rows. `0` records no runs (and saves the turn's one write).",
      },
      {
        names: ["LOG_PROMPTS"],
        usedBy: "all",
        meaning:
          "`true`: each model call in the run log keeps its full prompt and answer (redacted of secrets). Default off: calls are recorded with provider, model, tokens, time and retries only.",
      },
      {
        names: ["ELIZAOS_LOG_ROWS"],
        usedBy: "runtime",
        default: "`outside-runs`",
        meaning:
          "elizaOS's own `useModel:<type>` and `action` log rows and `action_result` memories: `outside-runs` (written for model calls and actions made outside a message turn or task run, embeddings aside), `always` (also inside runs: a storage round trip per call), `off`.",
      },
    ],
  },
  {
    title: "Telegram and Discord",
    settings: [
      {
        names: ["TELEGRAM_BOT_TOKEN", "TELEGRAM_WEBHOOK_SECRET"],
        usedBy: "Telegram",
        meaning:
          "Bot token; the secret Telegram echoes in `X-Telegram-Bot-Api-Secret-Token`. See [Bots](/guides/bots).",
      },
      {
        names: ["TELEGRAM_API_BASE", "TELEGRAM_BOT_USERNAME"],
        usedBy: "Telegram",
        default: "`https://api.telegram.org`; one `getMe`",
        meaning: "API base; the bot's @name.",
      },
      {
        names: ["TELEGRAM_MODE"],
        usedBy: "Node target",
        meaning:
          "Unset: long-poll `getUpdates` unless `TELEGRAM_WEBHOOK_SECRET` is set (a webhook Telegram already has is left alone); `polling`: always poll, deleting a webhook at start; `webhook`: never poll. Anything else stops the start.",
      },
      {
        names: ["TELEGRAM_POLL_TIMEOUT"],
        usedBy: "Node target",
        default: "30",
        meaning: "Seconds one `getUpdates` long poll waits (0–50).",
      },
      {
        names: ["DISCORD_GATEWAY"],
        usedBy: "Node target",
        default: "off",
        meaning:
          "`true`: join the Discord Gateway and answer DMs and mentions; needs `DISCORD_BOT_TOKEN`.",
      },
      {
        names: ["DISCORD_PUBLIC_KEY", "DISCORD_APPLICATION_ID", "DISCORD_BOT_TOKEN"],
        usedBy: "Discord",
        meaning:
          "Verifies interactions; completes deferred replies; posts reminders to channels. elizaOS's `DISCORD_API_TOKEN` stands in for an unset `DISCORD_BOT_TOKEN` (tied to `DISCORD_API_BASE` the same way).",
      },
      {
        names: ["DISCORD_API_BASE"],
        usedBy: "Discord",
        default: "`https://discord.com/api/v10`",
        meaning: "Discord's API base.",
      },
    ],
  },
  {
    title: "Cloudflare Workers",
    settings: [
      {
        names: ["AI"],
        usedBy: "Workers (binding)",
        meaning: "The Workers AI binding: a keyless model provider when bound.",
      },
      {
        names: [
          "CLOUDFLARE_AI_TEXT_MODEL",
          "CLOUDFLARE_AI_SMALL_MODEL",
          "CLOUDFLARE_AI_LARGE_MODEL",
          "CLOUDFLARE_AI_EMBEDDING_MODEL",
          "CLOUDFLARE_AI_VISION_MODEL",
          "CLOUDFLARE_AI_TRANSCRIPTION_MODEL",
        ],
        usedBy: "Workers",
        default: "LLaVA 1.5 for vision, Whisper for transcription",
        meaning:
          "Models for the `AI` binding: text and objects (one for both sizes, or small and large apart), embeddings, `IMAGE_DESCRIPTION`, `TRANSCRIPTION`.",
      },
    ],
  },
  {
    title: "AWS Lambda",
    settings: [
      {
        names: ["LAMBDA_SELF_INVOKE", "LAMBDA_ENDPOINT"],
        usedBy: "Lambda",
        meaning: "Continue webhook turns in an async self-invoke; Lambda API endpoint override.",
      },
      {
        names: ["AWS_REGION", "AWS_LAMBDA_FUNCTION_NAME"],
        usedBy: "Lambda, `dynamodb:create-table`",
        meaning:
          "Set by Lambda itself: the region of the DynamoDB and Lambda clients (the SDK's own lookup otherwise, `us-east-1` for a local endpoint) and the function a self-invoke calls.",
      },
    ],
  },
  {
    title: "elizaOS names read for compatibility",
    intro:
      "Where ours and elizaOS's name are both set, ours wins. The plugin-list names only decide which plugin packages `buildCharacterPlugins` (compat entry) lists, as elizaOS does.",
    settings: [
      {
        names: ["POSTGRES_URL", "PGLITE_DATA_DIR", "DISCORD_API_TOKEN"],
        usedBy: "Node target, Discord",
        meaning: "elizaOS's names for `DATABASE_URL`, `PGLITE_DIR` and `DISCORD_BOT_TOKEN`.",
      },
      {
        names: ["BOOTSTRAP_KEEP_RESP"],
        usedBy: "pipeline",
        meaning: "elizaOS 1.7's name for `BASIC_CAPABILITIES_KEEP_RESP`.",
      },
      {
        names: ["SERVER_PORT"],
        usedBy: "compat entry",
        default: "3000",
        meaning: "The port in elizaOS's own server URL helpers (`http://localhost:<SERVER_PORT>`).",
      },
      {
        names: [
          "OPENROUTER_API_KEY",
          "GOOGLE_GENERATIVE_AI_API_KEY",
          "TWITTER_API_KEY",
          "TWITTER_API_SECRET_KEY",
          "TWITTER_ACCESS_TOKEN",
          "TWITTER_ACCESS_TOKEN_SECRET",
          "IGNORE_BOOTSTRAP",
        ],
        usedBy: "compat entry",
        meaning:
          "Decide the plugin list `buildCharacterPlugins` gives, as elizaOS's default character does; eliza-edge bundles plugins rather than loading them by name.",
      },
      {
        names: ["NODE_ENV"],
        usedBy: "all targets",
        meaning:
          "`production` marks a Node process as production: a character with secrets and the default `SECRET_SALT` then gets a startup warning.",
      },
    ],
  },
];

/** Every name the catalog documents, in catalog order. */
export function catalogNames(): string[] {
  return SETTING_GROUPS.flatMap((group) => group.settings.flatMap((setting) => setting.names));
}

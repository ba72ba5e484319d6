// Settings catalog groups (tools/docs/settings/catalog.ts): where the agent keeps its data and how
// it is served: storage, HTTP and access, the Node target and the local embedding sidecar.
import type { SettingGroup } from "../types.ts";

export const SERVING_GROUPS: readonly SettingGroup[] = [
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
];

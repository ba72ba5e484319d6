// Settings catalog groups (tools/docs/settings/catalog.ts): what a turn and a tick do: the message
// turn and memory, reminders, autonomy and the prompt batcher, logging and the run log.
import type { SettingGroup } from "../types.ts";

export const PIPELINE_GROUPS: readonly SettingGroup[] = [
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
          "A turn running longer emits `RUN_TIMEOUT` and ends without a reply (anything later is dropped; `POST /api/messages` answers 503 `turn_timeout`, and a retry goes on from the stored message); elizaOS's per-call `timeoutDuration` wins. `Infinity` (or a `timeoutDuration` of `Infinity`) is no run timeout at all: no timer is set.",
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
];

// The setting names the product's code reads, found by the shapes a read takes in this code:
// an UPPER_SNAKE string literal (`getSettingString("ACTION_MODE")`, `read("PORT", ...)`,
// `setting(env, "AWS_REGION")`, a settings table's `key: "PROMPT_BATCHER_BATCH_SIZE"`), a
// property of an env (`env.PORT`, `process.env.DYNAMODB_TABLE`, `env["X"]`), or a binding taken
// apart (`const { AI } = bindings(e)`). Comments are left out. Upper-snake literals that are
// not settings (event names, model types, action names, error codes) are listed in
// NOT_SETTINGS, so a new literal must be either documented or declared not to be a setting.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The product's source: what ships (core, adapters, connectors, targets). */
export const SOURCE_DIRS = ["core", "adapters", "connectors", "targets"] as const;

/** Upper-snake literals of the product that name something other than a setting. */
export const NOT_SETTINGS: Readonly<Record<string, readonly string[]>> = {
  "event types (core/kernel/types/event-types.ts)": [
    "ACTION_COMPLETED",
    "ACTION_STARTED",
    "CHANNEL_CLEARED",
    "CONTROL_MESSAGE",
    "EMBEDDING_GENERATION_COMPLETED",
    "EMBEDDING_GENERATION_FAILED",
    "EMBEDDING_GENERATION_REQUESTED",
    "ENTITY_JOINED",
    "ENTITY_LEFT",
    "ENTITY_UPDATED",
    "EVALUATOR_COMPLETED",
    "EVALUATOR_STARTED",
    "INTERACTION_RECEIVED",
    "MESSAGE_DELETED",
    "MESSAGE_RECEIVED",
    "MESSAGE_SENT",
    "MODEL_USED",
    "POST_GENERATED",
    "REACTION_RECEIVED",
    "ROOM_JOINED",
    "ROOM_JOINING",
    "ROOM_LEFT",
    "RUN_ENDED",
    "RUN_STARTED",
    "RUN_TIMEOUT",
    "VOICE_MESSAGE_RECEIVED",
    "VOICE_MESSAGE_SENT",
    "WORLD_CONNECTED",
    "WORLD_JOINED",
    "WORLD_LEFT",
    "MESSAGE_CREATE",
  ],
  "model types": [
    "IMAGE_DESCRIPTION",
    "OBJECT_LARGE",
    "OBJECT_SMALL",
    "REASONING_LARGE",
    "REASONING_SMALL",
    "TEXT_COMPLETION",
    "TEXT_EMBEDDING",
    "TEXT_LARGE",
    "TEXT_SMALL",
    "TEXT_TOKENIZER_DECODE",
    "TEXT_TOKENIZER_ENCODE",
    "TEXT_TO_SPEECH",
  ],
  "parameter suffixes of the model settings (core/runtime/models/model-settings.ts)": [
    "MAX_TOKENS",
    "TOP_P",
    "TOP_K",
    "MIN_P",
    "REPETITION_PENALTY",
    "FREQUENCY_PENALTY",
    "PRESENCE_PENALTY",
  ],
  "actions, their similes, providers, task and service names": [
    "CANCEL_REMINDER",
    "CANCEL_TASK",
    "CREATE_TASK",
    "DELETE_TASK",
    "FOLLOW_UP",
    "MY_TIME_ZONE",
    "NO_ACTION",
    "NO_RESPONSE",
    "RECURRING_REMINDER",
    "REPEAT_REMINDER",
    "REPLY_TO_MESSAGE",
    "SCHEDULE_FOLLOW_UP",
    "SCHEDULE_TASK",
    "SEND_MESSAGE",
    "SEND_REPLY",
    "SET_REMINDER",
    "SET_TIMEZONE",
    "SET_TIME_ZONE",
    "STOP_CHATTING",
    "STOP_CONVERSATION",
    "STOP_REMINDERS",
    "STOP_TALKING",
    "RECENT_MESSAGES",
    "RELEVANT_MEMORIES",
    "SHOULD_RESPOND",
    "AUTONOMY_THINK",
    "BATCHER_DRAIN",
    "EMBED_MEMORY",
    "INBOX_MESSAGE",
    "KNOWLEDGE_INGEST",
  ],
  "error codes": [
    "AGENT_NOT_FOUND",
    "CHUNK_TOO_LARGE",
    "EMBEDDING_DIMENSION_MISMATCH",
    "ERR_MODULE_NOT_FOUND",
    "INVALID_BATCH",
    "INVALID_ID",
    "INVALID_INPUT",
    "MODULE_NOT_FOUND",
    "NOT_FOUND",
    "SESSION_NOT_FOUND",
    "TOO_LARGE",
    "UNKNOWN_ERROR",
    "VALIDATION_ERROR",
  ],
  "other enums and constants": [
    "ALL_NEW",
    "ALL_OLD",
    "PAY_PER_REQUEST",
    "TASK_NAME",
    "EXACT_MATCH",
    "RELATIONSHIP_MATCH",
    "VOICE_DM",
    "VOICE_GROUP",
    "PG_VERSION",
  ],
};

const LITERAL = /["'`]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)["'`]/g;
const ENV_PROPERTY = /\b(?:env|process\.env)\??\.([A-Z][A-Z0-9_]*)\b/g;
const ENV_INDEX = /\benv\??\.?\[["'`]([A-Z][A-Z0-9_]*)["'`]\]/g;
const DESTRUCTURED = /\{\s*([A-Z][A-Z0-9_]*(?:\s*,\s*[A-Z][A-Z0-9_]*)*)\s*\}\s*=/g;

/** A name put together at run time: `${type}_${suffix}`, `DEFAULT_${suffix}`, `X_${y}`. */
const COMPOSED =
  /`((?:[A-Z][A-Z0-9_]*)?\$\{[^}`]+\}(?:_[A-Z0-9_]*|\$\{[^}`]+\})*|[A-Z][A-Z0-9]*_\$\{[^}`]+\}[A-Z0-9_]*)`/g;

/**
 * The setting names composed at run time, which the catalog covers by listing every name they
 * can make: `${type}_${suffix}` and `DEFAULT_${suffix}` in the model settings (catalog.ts's
 * PARAMETER_MODEL_TYPES × PARAMETER_SUFFIXES).
 */
export const KNOWN_COMPOSED: Readonly<Record<string, readonly string[]>> = {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the code's templates, as text
  "core/runtime/models/model-settings.ts": ["${type}_${suffix}", "DEFAULT_${suffix}"],
};

/** The names a file's code composes at run time (template literals that build UPPER_SNAKE). */
export function composedIn(text: string): string[] {
  const code = withoutComments(text);
  return [...code.matchAll(COMPOSED)]
    .map((match) => match[1]!)
    .filter((template) => /[A-Z]_\$\{|\}_[A-Z]|\}_\$\{/.test(template));
}

/** Every composed name in the product's code, by file. */
export function composedNames(root: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const file of SOURCE_DIRS.flatMap((dir) => sourceFiles(root, dir))) {
    const names = composedIn(readFileSync(join(root, file), "utf8"));
    if (names.length) found[file] = names;
  }
  return found;
}

/** The text of a source file without its comments (strings holding `//`, like URLs, kept). */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/** The names one file's text reads. */
export function namesIn(text: string): Set<string> {
  const code = withoutComments(text);
  const names = new Set<string>();
  for (const pattern of [LITERAL, ENV_PROPERTY, ENV_INDEX]) {
    for (const match of code.matchAll(pattern)) names.add(match[1]!);
  }
  for (const match of code.matchAll(DESTRUCTURED)) {
    for (const name of match[1]!.split(",")) names.add(name.trim());
  }
  return names;
}

/** The source files under a directory (installs and dot-folders aside), relative to `root`. */
function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.name === "node_modules" || entry.name.startsWith(".")) return [];
    if (entry.isDirectory()) return sourceFiles(root, path);
    return /\.(ts|mts|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

/** Every name the product's code reads, with the files that read it. */
export function settingReads(root: string): Map<string, string[]> {
  const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(root, dir));
  const reads = new Map<string, string[]>();
  for (const file of files) {
    for (const name of namesIn(readFileSync(join(root, file), "utf8"))) {
      reads.set(name, [...(reads.get(name) ?? []), file]);
    }
  }
  return reads;
}

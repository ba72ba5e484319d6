// Checks the field types of the update parts this connector reads. The Bot API sends what
// its docs say, but the webhook is reachable by anyone who learns (or leaks) the secret, and
// a wrong type must not become a 5xx: Telegram would redeliver the update for 24 hours. A
// malformed update is acknowledged and dropped; the reason names fields, never their content.

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** What is wrong with the update's message parts, or undefined when their types are right. */
export function malformedUpdate(update: Fields): string | undefined {
  for (const kind of ["message", "edited_message", "channel_post", "edited_channel_post"]) {
    if (kind in update) {
      const problem = malformedMessage(update[kind], kind, true);
      if (problem) return problem;
    }
  }
  if ("callback_query" in update) {
    const query = update.callback_query;
    if (!isObject(query)) return "callback_query is not an object";
    if (typeof query.id !== "string") return "callback_query.id is not a string";
    if ("data" in query && typeof query.data !== "string")
      return "callback_query.data is not a string";
    if ("from" in query) {
      const problem = malformedUser(query.from, "callback_query.from");
      if (problem) return problem;
    }
    if ("message" in query) return malformedMessage(query.message, "callback_query.message", true);
  }
  return undefined;
}

function malformedMessage(value: unknown, path: string, withReply: boolean): string | undefined {
  if (!isObject(value)) return `${path} is not an object`;
  if (typeof value.message_id !== "number") return `${path}.message_id is not a number`;
  const chat = malformedChat(value.chat, `${path}.chat`);
  if (chat) return chat;
  for (const field of ["text", "caption"]) {
    if (field in value && typeof value[field] !== "string")
      return `${path}.${field} is not a string`;
  }
  for (const field of ["entities", "caption_entities"]) {
    if (field in value && !Array.isArray(value[field])) return `${path}.${field} is not an array`;
  }
  for (const field of ["message_thread_id", "date"]) {
    if (field in value && typeof value[field] !== "number")
      return `${path}.${field} is not a number`;
  }
  if ("photo" in value) {
    if (!Array.isArray(value.photo)) return `${path}.photo is not an array`;
    for (const size of value.photo) {
      const problem = malformedFile(size, `${path}.photo[]`);
      if (problem) return problem;
    }
  }
  for (const field of FILE_FIELDS) {
    if (field in value) {
      const problem = malformedFile(value[field], `${path}.${field}`);
      if (problem) return problem;
    }
  }
  if ("is_topic_message" in value && typeof value.is_topic_message !== "boolean") {
    return `${path}.is_topic_message is not a boolean`;
  }
  if ("from" in value) {
    const problem = malformedUser(value.from, `${path}.from`);
    if (problem) return problem;
  }
  if ("sender_chat" in value) {
    const problem = malformedChat(value.sender_chat, `${path}.sender_chat`);
    if (problem) return problem;
  }
  // Only the replied-to message's sender is read; its own reply chain is not.
  if (withReply && "reply_to_message" in value) {
    return malformedMessage(value.reply_to_message, `${path}.reply_to_message`, false);
  }
  return undefined;
}

export const FILE_FIELDS = ["document", "voice", "audio", "video", "video_note"] as const;

function malformedFile(value: unknown, path: string): string | undefined {
  if (!isObject(value)) return `${path} is not an object`;
  if (typeof value.file_id !== "string" || !value.file_id) return `${path}.file_id is not a string`;
  if ("file_size" in value && typeof value.file_size !== "number")
    return `${path}.file_size is not a number`;
  for (const field of ["mime_type", "file_name", "file_unique_id"]) {
    if (field in value && typeof value[field] !== "string")
      return `${path}.${field} is not a string`;
  }
  return undefined;
}

function malformedUser(value: unknown, path: string): string | undefined {
  if (!isObject(value)) return `${path} is not an object`;
  if (typeof value.id !== "number") return `${path}.id is not a number`;
  return malformedNames(value, path);
}

function malformedChat(value: unknown, path: string): string | undefined {
  if (!isObject(value)) return `${path} is not an object`;
  if (typeof value.id !== "number") return `${path}.id is not a number`;
  if (typeof value.type !== "string") return `${path}.type is not a string`;
  return malformedNames(value, path);
}

function malformedNames(value: Fields, path: string): string | undefined {
  for (const field of ["first_name", "last_name", "username", "title"]) {
    if (field in value && typeof value[field] !== "string")
      return `${path}.${field} is not a string`;
  }
  return undefined;
}

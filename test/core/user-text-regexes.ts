// Every regex that sees user text or model output (which can echo user text), for the ReDoS
// check in regex-safety.test.ts. A regex added to one of these paths belongs here too.
import { BREAKS } from "../../connectors/split.ts";
import { MARKDOWN_PATTERNS } from "../../connectors/telegram/markdown.ts";
import { LINE_BREAK } from "../../core/features/eliza/plugin.ts";
import { PROSE_PATTERNS } from "../../core/features/eliza/prose.ts";
import { MAX_INPUT_CHARS, TOKEN_PATTERNS } from "../../core/features/eliza/tokens.ts";
import {
  MAX_REMINDER_INPUT_CHARS,
  REMINDER_PATTERNS,
} from "../../core/features/reminders/parse-reminder.ts";
import { BEARER_PREFIX, MAX_AUTHORIZATION_CHARS } from "../../core/http/auth.ts";
import { ADDRESS_PATTERN, MAX_ERROR_MESSAGE_CHARS } from "../../core/http/errors.ts";
import { MAX_RESPONSE_CHARS, RESPONSE_PATTERNS } from "../../core/kernel/text/parse-response.ts";
import { COMMAND_PATTERNS } from "../../core/pipeline/messages/commands.ts";
import { WORD_CHAR } from "../../core/pipeline/messages/should-respond.ts";
import { PLACEHOLDER } from "../../core/pipeline/messages/templates.ts";

export interface GuardedRegexes {
  where: string;
  patterns: readonly RegExp[];
  /** The longest input these patterns can see (the parser's documented cap). */
  cap: number;
}

export const USER_TEXT_REGEXES: readonly GuardedRegexes[] = [
  { where: "reminder parser", patterns: REMINDER_PATTERNS, cap: MAX_REMINDER_INPUT_CHARS },
  { where: "planner XML", patterns: RESPONSE_PATTERNS, cap: MAX_RESPONSE_CHARS },
  { where: "ELIZA tokens", patterns: TOKEN_PATTERNS, cap: MAX_INPUT_CHARS },
  // toProse sees a reply built from at most MAX_TOKENS words of the capped input.
  { where: "ELIZA prose", patterns: PROSE_PATTERNS, cap: 2 * MAX_INPUT_CHARS },
  { where: "ELIZA prompt lines", patterns: [LINE_BREAK], cap: Number.POSITIVE_INFINITY },
  { where: "bearer header", patterns: [BEARER_PREFIX], cap: MAX_AUTHORIZATION_CHARS },
  { where: "mention word boundary", patterns: [WORD_CHAR], cap: 1 },
  { where: "prompt placeholders", patterns: [PLACEHOLDER], cap: Number.POSITIVE_INFINITY },
  // One window of a platform's message limit (Discord 2000, Telegram 4096) at a time.
  { where: "reply splitting", patterns: BREAKS, cap: 4097 },
  // Each Telegram chunk (at most 4096 characters) is converted on its own.
  { where: "Telegram MarkdownV2", patterns: MARKDOWN_PATTERNS, cap: 4096 },
  { where: "/start and /help", patterns: COMMAND_PATTERNS, cap: 80 },
  // Error messages quote upstream bodies and plugins' own messages; cut before the scrub.
  {
    where: "addresses in client errors",
    patterns: [ADDRESS_PATTERN],
    cap: MAX_ERROR_MESSAGE_CHARS + 1,
  },
];

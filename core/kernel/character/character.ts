// The elizaOS character file, validated with zod. Real elizaOS files load unchanged: unknown
// fields are kept (passthrough), and a bad file fails with the path of the offending field.
// The schemas are zod/mini, built on first use (lazy-schema.ts): a start that parses its
// character pays for building them once, and nothing else does.
import * as z from "zod/mini";
import { stringToUuid } from "../ids/index.ts";
import { ChannelType, type UUID } from "../types/index.ts";
import { lazySchema } from "../validation/index.ts";

/** elizaOS's TemplateType function form: gets `{ state }`, returns the prompt text. */
export type TemplateFunction = (options: { state: Record<string, unknown> }) => string;

// Any 8-4-4-4-12 hex id: elizaOS's own stringToUuid("Eliza") has version nibble 0, which a
// strict RFC 4122 check (zod's uuid()) refuses.
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const strings = () => z.array(z.string());
const optionalString = () => z.optional(z.string());

/** An attachment, typed as elizaOS 1.x's mediaSchema types it. */
export const mediaSchema = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    url: z.string(),
    title: optionalString(),
    source: optionalString(),
    description: optionalString(),
    text: optionalString(),
    contentType: z.optional(z.enum(["image", "video", "audio", "document", "link"])),
  }),
);

// The fields of an example's content that elizaOS 1.x types; the same types are checked here
// so a file elizaOS refuses for them is refused too, naming the field. Others are kept.
export const contentSchema = lazySchema(() =>
  z.looseObject({
    text: optionalString(),
    thought: optionalString(),
    actions: z.optional(strings()),
    providers: z.optional(strings()),
    source: optionalString(),
    target: optionalString(),
    url: optionalString(),
    inReplyTo: z.optional(z.string().check(z.regex(UUID_SHAPE, "inReplyTo must be a UUID"))),
    attachments: z.optional(z.array(mediaSchema())),
    channelType: z.optional(z.enum(Object.values(ChannelType) as [ChannelType, ...ChannelType[]])),
  }),
);

const exampleMessage = () =>
  z
    .looseObject({
      // elizaOS files use `name` (1.x) or `user` (0.x); either is kept, one is required.
      name: optionalString(),
      user: optionalString(),
      content: contentSchema(),
    })
    .check(
      z.refine((m) => m.name !== undefined || m.user !== undefined, {
        message: "an example message needs `name` (or 0.x `user`)",
        path: ["name"],
      }),
    );

// elizaOS 1.x files hold one exchange per array; newer ones wrap each in `{examples: [...]}`
// (sometimes beside a label). Both load; the rest of eliza-edge sees arrays.
const exampleExchange = () =>
  z.pipe(
    z.transform((item: unknown) =>
      item && typeof item === "object" && !Array.isArray(item) && "examples" in item
        ? item.examples
        : item,
    ),
    z.array(exampleMessage()),
  );

// elizaOS 1.x's settings values: scalars, objects (`voice`, `secrets`, `model` configs) and
// lists (channel ids, allowed users). null is refused there, so it is here too.
export const settingValueSchema = lazySchema(() =>
  z.union([z.string(), z.number(), z.boolean(), z.looseObject({}), z.array(z.unknown())], {
    error: "expected a string, number, boolean, object or list",
  }),
);

// A template is prompt text, or (in a TypeScript character) a function of the state that
// returns it, as elizaOS's TemplateType allows; like elizaOS, an undefined entry (an unset
// environment variable read by a TypeScript character) is accepted and means "use the default".
const templateValue = () =>
  z.union(
    [
      z.string(),
      z.custom<TemplateFunction>(
        (value) => typeof value === "function",
        "expected a string or a function",
      ),
    ],
    { error: "expected a template string (or a function in a TypeScript character)" },
  );

export const knowledgeItemSchema = lazySchema(() =>
  z.union(
    [
      z.string(),
      z.looseObject({ path: z.string(), shared: z.optional(z.boolean()) }),
      z.looseObject({ directory: z.string(), shared: z.optional(z.boolean()) }),
    ],
    { error: "expected a file path, { path, shared? } or { directory, shared? }" },
  ),
);

function buildCharacterSchema() {
  return z.looseObject({
    id: z.optional(
      z.pipe(
        z.string().check(z.regex(UUID_SHAPE, "id must be a UUID (8-4-4-4-12 hex digits)")),
        z.transform((id) => id.toLowerCase()),
      ),
    ),
    name: z.string().check(z.minLength(1, "name must not be empty")),
    username: optionalString(),
    system: optionalString(),
    bio: z._default(z.union([z.string(), strings()]), () => []),
    lore: z.optional(strings()),
    messageExamples: z._default(z.array(exampleExchange()), () => []),
    postExamples: z._default(strings(), () => []),
    topics: z._default(strings(), () => []),
    adjectives: z._default(strings(), () => []),
    knowledge: z._default(z.array(knowledgeItemSchema()), () => []),
    plugins: z._default(strings(), () => []),
    settings: z._default(z.record(z.string(), settingValueSchema()), () => ({})),
    secrets: z._default(
      z.record(
        z.string(),
        z.union([z.string(), z.number(), z.boolean()], {
          error: "expected a string, number or boolean",
        }),
      ),
      () => ({}),
    ),
    style: z._default(
      z.looseObject({
        all: z._default(strings(), () => []),
        chat: z._default(strings(), () => []),
        post: z._default(strings(), () => []),
      }),
      () => ({ all: [], chat: [], post: [] }),
    ),
    templates: z._default(z.record(z.string(), z.optional(templateValue())), () => ({})),
  });
}

/** The character object schema itself, built on first use. */
export const characterObjectSchema = lazySchema(buildCharacterSchema);

/**
 * The character schema as a zod schema (`safeParse`, `parse`), as elizaOS exports one; it
 * builds the real one the first time it parses.
 */
export const characterSchema = /* @__PURE__ */ z.lazy(characterObjectSchema);

/**
 * A character as an elizaOS user writes it (a character.json file or an object in code): only
 * `name` is required, `bio` may be one string or a list. Written out rather than inferred from
 * the schema so that a character typed with elizaOS's own `Character` interface is accepted as
 * it is. Like that interface it lists the known fields only; parsing keeps unknown ones (an
 * imported character.json may carry any).
 */
export interface CharacterInput {
  /** Any 8-4-4-4-12 hex id; default derived from `name` as elizaOS derives it. */
  id?: string;
  name: string;
  username?: string;
  system?: string;
  bio?: string | string[];
  lore?: string[];
  /** Exchanges (`[{ name, content: { text } }, ...]`) or `{ examples: [...] }` groups. */
  messageExamples?: readonly unknown[];
  postExamples?: string[];
  topics?: string[];
  adjectives?: string[];
  knowledge?: (
    | string
    | { path: string; shared?: boolean }
    | { directory: string; shared?: boolean }
  )[];
  plugins?: string[];
  settings?: Record<string, string | number | boolean | Record<string, unknown> | unknown[]>;
  secrets?: Record<string, string | number | boolean>;
  style?: { all?: string[]; chat?: string[]; post?: string[] };
  templates?: Record<string, string | TemplateInputFunction | undefined>;
}

/**
 * A template function as a character in code may hold one. Checked like a method (both
 * ways), so elizaOS's `TemplateType`, whose `state` is its own State type, fits too.
 */
type TemplateInputFunction = {
  template(options: { state: Record<string, unknown> }): string;
}["template"];

/** The public name of the input shape, as elizaOS calls it. */
export type Character = CharacterInput;
/**
 * The character after validation, with every default filled in: what the runtime holds as
 * `runtime.character`. Internal: users write a `Character` and parseCharacter makes this.
 */
export type ParsedCharacter = z.output<ReturnType<typeof buildCharacterSchema>>;

export class CharacterError extends Error {
  readonly issues: { path: string; message: string }[];
  constructor(issues: { path: string; message: string }[], source?: string) {
    const where = source ? ` in ${source}` : "";
    const list = issues.map((i) => `${i.path || "(root)"}: ${i.message}`).join("; ");
    super(`Invalid character${where}: ${list}`);
    this.name = "CharacterError";
    this.issues = issues;
  }
}

/**
 * The characters parseCharacter returned that no one has taken yet. A target parses its
 * character (to fail the start early, naming the field) and then hands it to createAgent,
 * which parses what it is given: that second parse hands back this same object instead, once.
 * A second taker gets a fresh parse, so two runtimes never share one character object.
 */
const untaken = new WeakSet<object>();

/** Validates a parsed character object. `source` names the file in error messages. */
export function parseCharacter(input: unknown, source?: string): ParsedCharacter {
  if (typeof input === "object" && input !== null && untaken.delete(input)) {
    return input as ParsedCharacter;
  }
  // A one-off parse: zod's compiled fast path would cost more to generate than it saves.
  const result = characterObjectSchema().safeParse(input, { jitless: true });
  if (result.success) {
    untaken.add(result.data);
    return result.data;
  }
  throw new CharacterError(
    result.error.issues.map((issue) => ({
      path: issue.path.map(String).join("."),
      message: issue.message,
    })),
    source,
  );
}

/** Parses character JSON text; bad JSON is a CharacterError too, placed by line and column. */
export function parseCharacterJson(text: string, source?: string): ParsedCharacter {
  // A byte-order mark (files saved by Windows editors) is not JSON but says nothing wrong.
  const json = text.startsWith("\uFEFF") ? text.slice(1) : text;
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    const reason = (error as Error).message;
    throw new CharacterError(
      [{ path: "", message: `not valid JSON (${reason}${lineAndColumn(json, reason)})` }],
      source,
    );
  }
  return parseCharacter(data, source);
}

// JSON.parse names a character offset; a person editing the file wants line and column.
function lineAndColumn(text: string, reason: string): string {
  const offset = /position (\d+)/.exec(reason)?.[1];
  if (offset === undefined || /line \d+/.test(reason)) return "";
  const before = text.slice(0, Number(offset)).split("\n");
  return `, line ${before.length} column ${(before.at(-1)?.length ?? 0) + 1}`;
}

/** The bio as one paragraph list, whichever form the file used. */
export function bioLines(character: ParsedCharacter): string[] {
  return typeof character.bio === "string" ? [character.bio] : character.bio;
}

/** The agent's id: the character's `id`, else derived from its name as elizaOS does. */
export function characterAgentId(character: Pick<CharacterInput, "id" | "name">): UUID {
  return (character.id as UUID | undefined) ?? stringToUuid(character.name);
}

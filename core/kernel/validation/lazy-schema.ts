// Validation that costs nothing until it runs. Building zod schemas was a fifth of a cold
// start's CPU (issue 18), and most schemas (a route's body, a provider's answer) are not
// needed by a cold start at all; so each is built by its first use. They are zod/mini
// schemas: plain functions a bundler drops when unused, where zod's classic API carries its
// whole method set into every bundle.
import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

/**
 * A getter that builds the schema on its first call and hands out that one from then on.
 * English messages are installed first (zod/mini has none of its own, unlike classic zod),
 * unless a locale is set already, so every error a user sees still names the field and says
 * what was expected ("Invalid input: expected array, received string").
 */
export function lazySchema<T extends z.ZodMiniType>(build: () => T): () => T {
  let schema: T | undefined;
  return () => {
    if (schema === undefined) {
      if (!z.config().localeError) z.config(en());
      schema = build();
    }
    return schema;
  };
}

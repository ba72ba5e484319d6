import { addHeader, type Provider } from "../../../runtime/index.ts";

const describe = (p: Provider) => `- **${p.name}**: ${p.description || "No description available"}`;

/**
 * The providers a plan may ask for, as plugin-bootstrap's PROVIDERS: the text lists the
 * dynamic ones (those composeState runs only on request); `providersWithDescriptions` lists all.
 */
export const providersProvider: Provider = {
  name: "PROVIDERS",
  description: "List of all data providers the agent can use to get additional information",
  async get(runtime) {
    const all = runtime.providers;
    const dynamic = all.filter((p) => p.dynamic === true);
    const { text, providersWithDescriptions } = listText(all, dynamic);
    return {
      text,
      data: {
        dynamicProviders: dynamic.map((p) => ({ name: p.name, description: p.description || "" })),
        allProviders: all.map((p) => ({
          name: p.name,
          description: p.description || "",
          dynamic: p.dynamic === true,
        })),
      },
      values: { providersWithDescriptions },
    };
  },
};

type ListText = { text: string; providersWithDescriptions: string };

/** The texts last made for a provider list, with what they were made from (checked each turn). */
const lastText = new WeakMap<readonly Provider[], { from: unknown[]; texts: ListText }>();

function listText(all: readonly Provider[], dynamic: Provider[]): ListText {
  const last = lastText.get(all);
  if (last && sameAs(last.from, all)) return last.texts;
  const from = all.flatMap((p) => [p, p.name, p.description, p.dynamic]);
  const header = "# Providers\n\nThese providers are available for the agent to select and use:";
  const texts = {
    text: addHeader(
      header,
      dynamic.length
        ? dynamic.map(describe).join("\n")
        : "No dynamic providers are currently available.",
    ),
    providersWithDescriptions: addHeader("# Available Providers", all.map(describe).join("\n")),
  };
  lastText.set(all, { from, texts });
  return texts;
}

/** Whether `from` (each provider and the fields the text reads, flat) still describes `all`. */
function sameAs(from: unknown[], all: readonly Provider[]): boolean {
  if (from.length !== all.length * 4) return false;
  for (let i = 0; i < all.length; i++) {
    const p = all[i]!;
    const at = i * 4;
    if (
      from[at] !== p ||
      from[at + 1] !== p.name ||
      from[at + 2] !== p.description ||
      from[at + 3] !== p.dynamic
    ) {
      return false;
    }
  }
  return true;
}

// The published plugins' own objects through the plugin-list assembly: plugin-bootstrap
// (named "bootstrap") replaces eliza-edge's built-in loudly, plugin-starter (named
// "plugin-starter") matches a character's "@elizaos/plugin-starter", and neither declares a
// dependency that would warn.
import bootstrapPlugin from "@elizaos/plugin-bootstrap";
import sqlPlugin from "@elizaos/plugin-sql";
import starterPlugin from "@elizaos/plugin-starter";
import { describe, expect, it } from "vitest";
import { characterPluginNotes } from "../../core/agent/character-plugins.ts";
import { assemblePlugins } from "../../core/agent/plugin-list.ts";
import { bootstrapPlugin as ourBootstrap } from "../../core/features/bootstrap/index.ts";
import { type Plugin, parseCharacter } from "../../core/index.ts";
import { missingDependencies, orderPlugins } from "../../core/runtime/plugins/plugin-order.ts";

const theirBootstrap = bootstrapPlugin as unknown as Plugin;
const starter = starterPlugin as unknown as Plugin;

describe("the published plugins in the plugin list", () => {
  it("plugin-bootstrap replaces the built-in bootstrap with one warning naming it", () => {
    const { plugins, notes } = assemblePlugins([ourBootstrap], [starter, theirBootstrap]);
    expect(theirBootstrap.name).toBe("bootstrap");
    expect(plugins).toEqual([starter, theirBootstrap]);
    expect(notes).toEqual([
      {
        level: "warn",
        message: expect.stringContaining(
          `Plugin "bootstrap" passed in plugins replaces eliza-edge's built-in "bootstrap" plugin`,
        ),
      },
    ]);
  });

  it("plugin-sql, passed as an elizaOS project passes it, is left out with one info line", () => {
    const sql = sqlPlugin as unknown as Plugin;
    expect(sql.name).toBe("@elizaos/plugin-sql");
    expect(Object.keys(sql.schema ?? {}).length).toBeGreaterThan(0);
    const { plugins, notes } = assemblePlugins([ourBootstrap], [sql, starter]);
    expect(plugins).toEqual([ourBootstrap, starter]);
    expect(notes).toEqual([
      {
        level: "info",
        message: expect.stringMatching(
          /^Plugin "@elizaos\/plugin-sql" is not registered: eliza-edge's storage adapter/,
        ),
      },
    ]);
  });

  it("their dependencies (none declared in 1.7.2) order and warn about nothing", () => {
    const plugins = [ourBootstrap, starter, theirBootstrap];
    expect(missingDependencies(plugins)).toEqual([]);
    expect(orderPlugins(plugins)).toEqual(plugins);
  });

  it("a character naming both by package matches them", () => {
    const character = parseCharacter({
      name: "Eliza",
      plugins: ["@elizaos/plugin-bootstrap", "@elizaos/plugin-starter", "@elizaos/plugin-sql"],
    });
    const notes = characterPluginNotes(character, [theirBootstrap, starter]);
    expect(notes.filter((n) => n.level === "warn")).toEqual([]);
    expect(notes).toEqual([
      {
        level: "info",
        message: expect.stringContaining("@elizaos/plugin-sql → eliza-edge's storage"),
      },
    ]);
  });
});

// The settings catalog (tools/docs/settings/catalog.ts) is the one list of settings, and
// docs/reference/configuration.md is made from it: a setting the code reads must be in it, and
// everything in it must be read somewhere, so a setting cannot be added, renamed or dropped
// without its documentation following.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  catalogNames,
  PARAMETER_MODEL_TYPES,
  PARAMETER_SUFFIXES,
  SETTING_GROUPS,
} from "../../tools/docs/settings/catalog.ts";
import {
  composedIn,
  composedNames,
  KNOWN_COMPOSED,
  NOT_SETTINGS,
  namesIn,
  settingReads,
} from "../../tools/docs/settings/reads.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const reads = settingReads(root);
const catalog = catalogNames();
const documented = new Set(catalog);
const notSettings = new Set(Object.values(NOT_SETTINGS).flat());

describe("the settings catalog", () => {
  it("documents every setting the code reads (or declares the name not a setting)", () => {
    const missing = [...reads]
      .filter(([name]) => !documented.has(name) && !notSettings.has(name))
      .map(([name, files]) => `${name} (read in ${files.join(", ")})`);
    expect(missing, "add each to a group in tools/docs/settings/groups/").toEqual([]);
  });

  it("names only settings the code reads", () => {
    expect(catalog.filter((name) => !reads.has(name))).toEqual([]);
  });

  it("names each setting once, and never one of the declared non-settings", () => {
    expect(catalog.filter((name, i) => catalog.indexOf(name) !== i)).toEqual([]);
    expect(catalog.filter((name) => notSettings.has(name))).toEqual([]);
  });

  it("declares as non-settings only names the code still has", () => {
    expect([...notSettings].filter((name) => !reads.has(name))).toEqual([]);
  });

  it("composes names at run time only where the catalog lists every name they can make", () => {
    // A new `${x}_SOMETHING` read hides its names from the scan: list every name it can make in
    // the catalog, then add the template to KNOWN_COMPOSED.
    expect(composedNames(root)).toEqual(KNOWN_COMPOSED);
    for (const type of ["DEFAULT", ...PARAMETER_MODEL_TYPES]) {
      for (const suffix of PARAMETER_SUFFIXES) expect(documented).toContain(`${type}_${suffix}`);
    }
  });

  it("says who reads each setting and what it does", () => {
    for (const group of SETTING_GROUPS) {
      for (const setting of group.settings) {
        expect(setting.names.length, group.title).toBeGreaterThan(0);
        expect(setting.usedBy.trim(), setting.names[0]).not.toBe("");
        expect(setting.meaning.trim(), setting.names[0]).not.toBe("");
      }
    }
  });

  it("covers every setting a scaffolded project's env example names", () => {
    const text = readFileSync(`${root}create-eliza-edge/src/project/settings.mjs`, "utf8");
    const names = [...text.matchAll(/name:\s*"([A-Z][A-Z0-9_]*)"/g)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((name) => !documented.has(name))).toEqual([]);
  });
});

describe("finding the names code reads", () => {
  it("sees names put together at run time", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source code, as text
    const text = "const a = `CLOUDFLARE_AI_${size}_MODEL`, b = `${type}_${suffix}`, c = `hi ${x}`;";
    // biome-ignore lint/suspicious/noTemplateCurlyInString: templates, as text
    expect(composedIn(text)).toEqual(["CLOUDFLARE_AI_${size}_MODEL", "${type}_${suffix}"]);
  });

  it("sees literals, env properties, env indexes and taken-apart bindings, not comments", () => {
    const text = `
      // env.IN_A_COMMENT and "ALSO_IN_COMMENT"
      /* process.env.BLOCK_COMMENT */
      const a = runtime.getSettingString("ACTION_MODE");
      const b = env.PORT ?? process.env.DYNAMODB_TABLE ?? env?.HOST;
      const c = env["CRON_SECRET"];
      const { AI, DB } = bindings(e);
      const url = "https://example.com"; // "TRAILING_COMMENT"
    `;
    expect([...namesIn(text)].sort()).toEqual(
      ["ACTION_MODE", "AI", "CRON_SECRET", "DB", "DYNAMODB_TABLE", "HOST", "PORT"].sort(),
    );
  });
});

// Every setting eliza-edge reads, in one list: its name(s), who reads it, its default and what
// it does. docs/reference/configuration.md is generated from it (`npm run docs:generate`), and
// test/docs/settings-catalog.test.ts fails when the code reads a name this list lacks or this
// list names one the code never reads. Nothing at run time imports this file: the bundles stay
// as they are.
//
// `meaning` is Markdown; links point at pages of the docs site (no anchors into pages written by
// hand, so a reworded heading cannot break this generated page).

// The groups live in groups/, one file per part of the system; this file puts them in the
// order the reference page shows them.
import { MODEL_GROUPS } from "./groups/models.ts";
import { PIPELINE_GROUPS } from "./groups/pipeline.ts";
import { PLATFORM_GROUPS } from "./groups/platforms.ts";
import { SERVING_GROUPS } from "./groups/serving.ts";
import type { SettingGroup } from "./types.ts";

export { PARAMETER_MODEL_TYPES, PARAMETER_SUFFIXES } from "./groups/models.ts";
export type { Setting, SettingGroup } from "./types.ts";

export const SETTING_GROUPS: readonly SettingGroup[] = [
  ...MODEL_GROUPS,
  ...SERVING_GROUPS,
  ...PIPELINE_GROUPS,
  ...PLATFORM_GROUPS,
];

/** Every name the catalog documents, in catalog order. */
export function catalogNames(): string[] {
  return SETTING_GROUPS.flatMap((group) => group.settings.flatMap((setting) => setting.names));
}

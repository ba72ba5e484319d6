// The shape of the settings catalog's rows (tools/docs/settings/catalog.ts).

export interface Setting {
  /** The names this row documents: one setting, or a family read together. */
  readonly names: readonly string[];
  /** Who reads it: a target, a layer, a connector, a command. */
  readonly usedBy: string;
  /** The default, as a reader would write it; omitted when there is none. */
  readonly default?: string;
  /** What it does, in Markdown. */
  readonly meaning: string;
}

export interface SettingGroup {
  readonly title: string;
  /** A sentence or two above the group's table, in Markdown. */
  readonly intro?: string;
  readonly settings: readonly Setting[];
}

/** elizaOS's model types that take per-type parameter settings (`TEXT_LARGE_TEMPERATURE`). */

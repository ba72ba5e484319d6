// elizaOS's model defaults from settings: a useModel call that does not set temperature,
// maxTokens, topP, ... gets them from the settings, as @elizaos/core 1.7.2's useModel does.
// For each parameter the first number found wins: `<MODEL TYPE>_<PARAM>` (TEXT_SMALL_TEMPERATURE,
// OBJECT_LARGE_MAX_TOKENS, ...), then `DEFAULT_<PARAM>`, then elizaOS's legacy name
// (MODEL_TEMPERATURE, MODEL_MAX_TOKEN, MODEL_FREQ_PENALTY, MODEL_PRESENCE_PENALTY). A value
// that is not a number is skipped, so the next name in the chain still counts.
import { isPlainObject, type ModelTypeName } from "../../kernel/index.ts";

interface SettingReader {
  getSettingString(key: string): string | undefined;
  readonly character: { name: string };
}

/** The parameter each setting suffix fills, with elizaOS's legacy setting name if it has one. */
const PARAMS: readonly [suffix: string, param: string, legacy?: string][] = [
  ["MAX_TOKENS", "maxTokens", "MODEL_MAX_TOKEN"],
  ["TEMPERATURE", "temperature", "MODEL_TEMPERATURE"],
  ["TOP_P", "topP"],
  ["TOP_K", "topK"],
  ["MIN_P", "minP"],
  ["SEED", "seed"],
  ["REPETITION_PENALTY", "repetitionPenalty"],
  ["FREQUENCY_PENALTY", "frequencyPenalty", "MODEL_FREQ_PENALTY"],
  ["PRESENCE_PENALTY", "presencePenalty", "MODEL_PRESENCE_PENALTY"],
];

/** Each parameter's setting names for a model type, in the order they are read; made once per type. */
const names = new Map<string, readonly (readonly [param: string, keys: readonly string[]])[]>();

function settingNames(type: ModelTypeName) {
  let held = names.get(type);
  if (!held) {
    held = PARAMS.map(([suffix, param, legacy]) => {
      const keys = [`${type}_${suffix}`, `DEFAULT_${suffix}`];
      if (legacy !== undefined) keys.push(legacy);
      return [param, keys] as const;
    });
    // Model types are a handful of names, but a plugin may invent its own: bounded all the same.
    if (names.size >= 64) names.clear();
    names.set(type, held);
  }
  return held;
}

/** The parameters the settings give for this model type (empty when none are set). */
export function modelSettings(runtime: SettingReader, type: ModelTypeName): Record<string, number> {
  const found: Record<string, number> = {};
  for (const [param, keys] of settingNames(type)) {
    for (const key of keys) {
      const text = runtime.getSettingString(key);
      // Number("") is 0 and Number(" ") too: a blank value is unset, not zero.
      if (text === undefined || text.trim() === "") continue;
      const value = Number(text);
      if (Number.isNaN(value)) continue;
      found[param] = value;
      break;
    }
  }
  return found;
}

/**
 * The params a model handler gets, as elizaOS 1.7.2 builds them: the settings' defaults under
 * what the call set (a key the call sets, even to undefined, is the call's), and `user` = the
 * character's name when a plain-object call has none (providers use it for abuse tracking).
 * With no defaults set, an object that is not plain (a Blob, bytes, a class instance) reaches
 * the handler as the very object given; a string, null or an array always does.
 */
export function withModelSettings(
  runtime: SettingReader,
  type: ModelTypeName,
  params: unknown,
): unknown {
  if (typeof params !== "object" || params === null || Array.isArray(params)) return params;
  if (ArrayBuffer.isView(params) || params instanceof ArrayBuffer) return params;
  if (typeof Blob !== "undefined" && params instanceof Blob) return params;
  const defaults = modelSettings(runtime, type);
  const plain = isPlainObject(params);
  if (Object.keys(defaults).length === 0 && !plain) return params;
  const merged: Record<string, unknown> = { ...defaults, ...params };
  if (plain && merged.user === undefined && runtime.character.name) {
    merged.user = runtime.character.name;
  }
  return merged;
}

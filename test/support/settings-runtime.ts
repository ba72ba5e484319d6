// The runtime surface a model provider reads (getSettingString, logger, agentId), over plain
// settings: provider tests exercise the HTTP protocol without building a whole agent.
import { type AgentRuntime, silentLogger, stringToUuid } from "../../core/index.ts";

export function runtimeWith(settings: Record<string, string | undefined>): AgentRuntime {
  return {
    agentId: stringToUuid("model-test-agent"),
    getSetting: (key: string) => settings[key] ?? null,
    getSettingString: (key: string) => settings[key] || undefined,
    // One source for all of them, as if every setting came from the env.
    getSettingWithSource: (key: string) =>
      settings[key] ? { value: settings[key], source: "env" } : undefined,
    getSettingCandidates: (key: string) =>
      settings[key] ? [{ value: settings[key], raw: settings[key], source: "env" }] : [],
    logger: silentLogger,
  } as unknown as AgentRuntime;
}

// Whose clock a reminder time is read on: the user's own zone when they told the agent ("my
// time zone is Europe/Berlin", remembered per user in the storage cache), else the agent's
// DEFAULT_TIME_ZONE, else UTC. A DEFAULT_TIME_ZONE that names no zone is UTC, with a warning.

import type { UUID } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import { canonicalTimeZone } from "./time-zone.ts";

const warned = new WeakSet<IAgentRuntime>();

function cacheKey(runtime: IAgentRuntime, entityId: UUID): string {
  return `timezone:${runtime.agentId}:${entityId}`;
}

export function defaultTimeZone(runtime: IAgentRuntime): string {
  const setting = runtime.getSettingString("DEFAULT_TIME_ZONE")?.trim();
  if (!setting) return "UTC";
  const zone = canonicalTimeZone(setting);
  if (zone) return zone;
  if (!warned.has(runtime)) {
    warned.add(runtime);
    runtime.logger.warn(
      `DEFAULT_TIME_ZONE ${JSON.stringify(setting)} is not an IANA time zone (e.g. "Europe/Berlin"); using UTC`,
    );
  }
  return "UTC";
}

/** The zone reminder times of this user are read in. One cache read. */
export async function userTimeZone(runtime: IAgentRuntime, entityId: UUID): Promise<string> {
  const own = await runtime.storage.getCache<string>(cacheKey(runtime, entityId));
  return (typeof own === "string" && canonicalTimeZone(own)) || defaultTimeZone(runtime);
}

export async function rememberTimeZone(
  runtime: IAgentRuntime,
  entityId: UUID,
  zone: string,
): Promise<void> {
  await runtime.storage.setCache(cacheKey(runtime, entityId), zone);
}

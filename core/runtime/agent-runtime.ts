// SKELETON — being written now; the public surface below is stable.
import type { Character } from "../character.ts";
import type { Logger } from "../logger.ts";
import type { StorageAdapter } from "../storage.ts";
import type { UUID } from "../types.ts";

export class AgentRuntime {
  readonly agentId!: UUID;
  readonly character!: Character;
  readonly storage!: StorageAdapter;
  readonly logger!: Logger;
  /** character.secrets → character.settings → runtime settings → env. */
  getSetting(_key: string): string | undefined {
    return undefined;
  }
}

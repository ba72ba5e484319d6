// The few parts of @elizaos/core 1.7.2 the bench touches, typed here so the project's
// typecheck passes on a clone where bench/elizaos is not installed yet.
type Uuid = string;
type Content = Record<string, unknown> & { text?: string };

export interface ElizaPlugin {
  name: string;
  description: string;
  priority?: number;
  models?: Record<string, (...args: unknown[]) => Promise<unknown>>;
}

export interface ElizaRuntime {
  agentId: Uuid;
  initialize(): Promise<void>;
  ensureConnection(params: Record<string, unknown>): Promise<void>;
  createMemory(memory: Record<string, unknown>, tableName: string): Promise<Uuid>;
  messageService: {
    handleMessage(
      runtime: ElizaRuntime,
      message: Record<string, unknown>,
      callback: (content: Content) => Promise<unknown[]>,
    ): Promise<unknown>;
  } | null;
  stop(): Promise<void>;
}

export interface ElizaCore {
  AgentRuntime: new (options: {
    character: unknown;
    adapter?: unknown;
    plugins?: ElizaPlugin[];
    settings?: Record<string, string>;
  }) => ElizaRuntime;
  ModelType: { TEXT_LARGE: string; TEXT_SMALL: string };
  ChannelType: { API: string; DM: string };
  createUniqueUuid(runtime: ElizaRuntime, base: string): Uuid;
}

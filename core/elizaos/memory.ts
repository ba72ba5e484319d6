// elizaOS's memory helpers: building a message memory and telling memory kinds apart by
// `metadata.type`.
import type { Content, Memory, UUID } from "../kernel/index.ts";
import { MemoryType } from "./enums.ts";

export interface MemoryMetadata {
  type?: string;
  source?: string;
  sourceId?: UUID;
  scope?: "shared" | "private" | "room";
  timestamp?: number;
  tags?: string[];
  [key: string]: unknown;
}

/** A message memory stamped now, private to the agent when `agentId` is given. */
export function createMessageMemory(params: {
  id?: UUID;
  entityId: UUID;
  agentId?: UUID;
  roomId: UUID;
  content: Content & { text: string };
  embedding?: number[];
}): Memory & { metadata: MemoryMetadata } {
  const now = Date.now();
  return {
    ...params,
    createdAt: now,
    metadata: {
      type: MemoryType.MESSAGE,
      timestamp: now,
      scope: params.agentId ? "private" : "shared",
    },
  };
}

const typeOf = (metadata: MemoryMetadata | undefined) => metadata?.type;

export const isDocumentMetadata = (m: MemoryMetadata) => typeOf(m) === MemoryType.DOCUMENT;
export const isFragmentMetadata = (m: MemoryMetadata) => typeOf(m) === MemoryType.FRAGMENT;
export const isMessageMetadata = (m: MemoryMetadata) => typeOf(m) === MemoryType.MESSAGE;
export const isDescriptionMetadata = (m: MemoryMetadata) => typeOf(m) === MemoryType.DESCRIPTION;
export function isCustomMetadata(m: MemoryMetadata): boolean {
  const known: string[] = [
    MemoryType.DOCUMENT,
    MemoryType.FRAGMENT,
    MemoryType.MESSAGE,
    MemoryType.DESCRIPTION,
  ];
  return !known.includes(String(typeOf(m)));
}
export const isDocumentMemory = (memory: Memory) =>
  typeOf(memory.metadata as MemoryMetadata | undefined) === MemoryType.DOCUMENT;
export const isFragmentMemory = (memory: Memory) =>
  typeOf(memory.metadata as MemoryMetadata | undefined) === MemoryType.FRAGMENT;

/** The memory's text, or `defaultValue` when it has none. */
export function getMemoryText(memory: Memory, defaultValue = ""): string {
  return memory.content.text ?? defaultValue;
}

// Domain types shaped like @elizaos/core 1.x, and elizaOS's event names.
export {
  type Agent,
  ChannelType,
  type Choice,
  type Component,
  type Content,
  type Entity,
  type Log,
  type Media,
  type Memory,
  MemoryTable,
  type Metadata,
  type Participant,
  type ParticipantState,
  type Relationship,
  type Room,
  type Task,
  type UUID,
  type World,
} from "./domain.ts";
export { type EventName, EventType } from "./event-types.ts";

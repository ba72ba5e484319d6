// Event names as elizaOS emits them, so plugins' event handlers carry over.
export const EventType = {
  MESSAGE_RECEIVED: "MESSAGE_RECEIVED",
  MESSAGE_SENT: "MESSAGE_SENT",
  RUN_STARTED: "RUN_STARTED",
  RUN_ENDED: "RUN_ENDED",
  RUN_TIMEOUT: "RUN_TIMEOUT",
  ACTION_STARTED: "ACTION_STARTED",
  ACTION_COMPLETED: "ACTION_COMPLETED",
  EVALUATOR_STARTED: "EVALUATOR_STARTED",
  EVALUATOR_COMPLETED: "EVALUATOR_COMPLETED",
  MODEL_USED: "MODEL_USED",
} as const;
export type EventName = (typeof EventType)[keyof typeof EventType] | (string & {});

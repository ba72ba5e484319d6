// elizaOS's local emitter and control messages.
export {
  type ControlMessage,
  type ControlMessageParams,
  sendControlMessage,
} from "./control-message.ts";
export { LocalEvents, type LocalListener } from "./local-events.ts";

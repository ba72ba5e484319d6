// The bootstrap plugin's actions: REPLY, IGNORE, NONE.
export { ignoreAction } from "./ignore.ts";
export { noneAction } from "./none.ts";
export { replyAction } from "./reply.ts";

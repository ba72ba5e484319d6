// TODO describe core/features/bootstrap/actions
export { ignoreAction } from "./ignore.ts";
export { noneAction } from "./none.ts";
export { replyAction } from "./reply.ts";

// One throwaway message turn as POST /api/messages runs it, below HTTP: the body checked by
// its schema, the turn (pipeline, templates, model, storage), the answer serialised. V8
// compiles a function the first time it runs; a Worker runs this at startup so that its first
// request does not pay for compiling the turn (targets/cloudflare/warm-up.ts). Not through
// the app itself: a Worker's global scope refuses a Request or Response with a body.
import type { IAgentRuntime } from "../../runtime/index.ts";
import { sendMessageBody } from "./message-body.ts";
import { sendMessage } from "./send-message.ts";

/** True when the agent answered. `agent` is a private one: the turn is stored in its storage. */
export async function warmUpTurn(agent: IAgentRuntime): Promise<boolean> {
  const body = sendMessageBody().parse({ text: "Hello, I feel a little tired today." });
  const result = await sendMessage(agent, body);
  JSON.stringify(result); // as the route answers it
  return result.replies.length > 0;
}

// POST /webhooks/discord, the Interactions Endpoint URL. Verify first (401 for anything that
// does not verify), then: PING → PONG; a slash command → "thinking…" (type 5) at once, the turn
// runs in the background through the inbox and edits that message; a press of a choice the
// agent offered → the same, with the button's value as the message; other components →
// acknowledged (type 6). Discord invalidates the interaction if it gets no answer within 3 s, so nothing
// slow happens before the answer: two storage round trips (dedupe and task).
import { type Context, Hono } from "hono";
import {
  ApiError,
  type AppEnv,
  acceptInBackground,
  envLogger,
  errorBody,
  rateLimitRefusal,
  setting,
  wellFormedDeep,
} from "../../core/index.ts";
import { commandText, isInteraction, parseInteraction } from "./parse.ts";
import {
  ComponentType,
  EPHEMERAL,
  type Interaction,
  InteractionType,
  ResponseType,
} from "./types.ts";
import { isPublicKeyHex, verifyDiscordSignature } from "./verify.ts";

export function discordRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post("/", async (c) => {
    const options = c.get("options");
    const publicKey = setting(options.env(c), "DISCORD_PUBLIC_KEY");
    if (!publicKey || !isPublicKeyHex(publicKey)) {
      const problem = publicKey ? "is not 64 hex characters" : "is not set";
      envLogger(options.env(c)).error(`DISCORD_PUBLIC_KEY ${problem}; refusing interactions`);
      return unauthorized(c, `DISCORD_PUBLIC_KEY ${problem}; this route is closed`);
    }
    const raw = new Uint8Array(await c.req.arrayBuffer());
    const verified = await verifyDiscordSignature(
      publicKey,
      c.req.header("x-signature-ed25519"),
      c.req.header("x-signature-timestamp"),
      raw,
    );
    if (!verified) return unauthorized(c, "Invalid request signature");

    let interaction: unknown;
    try {
      // Lone surrogates become U+FFFD before the text goes anywhere (core/kernel/validation/well-formed.ts).
      interaction = wellFormedDeep(JSON.parse(new TextDecoder().decode(raw)));
    } catch {
      throw new ApiError(400, "invalid_json", "Request body is not valid JSON");
    }
    if (!isInteraction(interaction)) {
      throw new ApiError(
        400,
        "invalid_body",
        "Not an interaction: id, type, token and application_id are required",
      );
    }

    switch (interaction.type) {
      case InteractionType.PING:
        return c.json({ type: ResponseType.PONG });
      case InteractionType.APPLICATION_COMMAND:
        return command(c, interaction);
      case InteractionType.MESSAGE_COMPONENT:
        return press(c, interaction);
      case InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE:
        return c.json({
          type: ResponseType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT,
          data: { choices: [] },
        });
      case InteractionType.MODAL_SUBMIT:
        return c.json(ephemeral("This app does not take forms; use /ask."));
      default:
        throw new ApiError(400, "invalid_body", `Unknown interaction type ${interaction.type}`);
    }
  });
  return routes;
}

async function command(c: Context<AppEnv>, interaction: Interaction): Promise<Response> {
  const text = commandText(interaction);
  if (!text || text.length > 6000) {
    return c.json(ephemeral("Ask me something, e.g. /ask text: what can you do?"));
  }
  return accept(c, interaction, text);
}

/**
 * A button the agent offered (a choice): the press comes back as a message whose text is the
 * button's custom_id, answered like /ask in a new "thinking…" message under it. Deduplicated by
 * interaction id like any interaction. Other components change nothing.
 */
async function press(c: Context<AppEnv>, interaction: Interaction): Promise<Response> {
  const data = interaction.data;
  const value = typeof data?.custom_id === "string" ? data.custom_id.trim() : "";
  if (data?.component_type !== ComponentType.BUTTON || !value) {
    return c.json({ type: ResponseType.DEFERRED_UPDATE_MESSAGE });
  }
  return accept(c, interaction, value, { choice: true });
}

async function accept(
  c: Context<AppEnv>,
  interaction: Interaction,
  text: string,
  extra: Record<string, unknown> = {},
): Promise<Response> {
  const runtime = await c.get("options").getAgent(c);
  const inbound = parseInteraction(runtime, interaction, text);
  if (!inbound) return c.json(ephemeral("This command needs a channel and a user."));
  Object.assign(inbound.message.content, extra);
  const acceptance = await acceptInBackground(c, runtime, inbound);
  // Over the limit: the refusal is the interaction's answer, seen only by the one who asked.
  if (!acceptance.accepted && acceptance.reason === "rate_limited") {
    return c.json(ephemeral(rateLimitRefusal(acceptance.verdict)));
  }
  // A redelivered interaction gets the same answer; its turn is already under way.
  return c.json({ type: ResponseType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE });
}

function ephemeral(content: string) {
  return {
    type: ResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
    data: { content, flags: EPHEMERAL, allowed_mentions: { parse: [] } },
  };
}

function unauthorized(c: Context<AppEnv>, message: string): Response {
  return c.json(errorBody("unauthorized", message), 401);
}

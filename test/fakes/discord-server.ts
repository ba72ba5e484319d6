// A local stand-in for Discord's REST API (base .../api/v10): interaction webhooks (PATCH and
// DELETE @original, POST follow-ups), channel messages with `Authorization: Bot <token>`, and
// the bulk-overwrite command routes. Checks what Discord checks that matters here (content
// length, the bot token, a live interaction token) and records every request.
import {
  type RecordedRequest,
  type ScriptedResponse,
  type ScriptedServer,
  startScriptedServer,
} from "./openai-server.ts";

export interface FakeDiscordOptions {
  /** The bot token channel messages must carry; default "bot-token-test". */
  botToken?: string;
}

export interface DiscordPost {
  method: string;
  /** "original" (PATCH @original), "followup", "channel", "delete-original". */
  kind: "original" | "followup" | "channel" | "delete-original";
  /** The interaction token or the channel id. */
  where: string;
  content?: string;
  body: Record<string, unknown>;
}

export interface FakeDiscordServer extends ScriptedServer {
  /** DISCORD_API_BASE: origin + "/api/v10". */
  url: string;
  botToken: string;
  /** Messages Discord accepted, in order. */
  messages(): DiscordPost[];
  /** Interaction tokens the fake treats as expired (answers 401 code 50027). */
  expiredTokens: Set<string>;
  /** Commands last registered, by "global" or guild id. */
  commands: Map<string, unknown[]>;
  /** Files served at their path, as Discord's CDN serves attachments. */
  files: Map<string, Uint8Array>;
  /** What GET /gateway/bot answers as the Gateway's URL (a FakeGateway's). */
  gatewayUrl?: string;
  /** Channel ids of POST /channels/:id/typing calls, in order. */
  typing: string[];
}

export function discordError(status: number, message: string, code = 0): ScriptedResponse {
  return { status, body: { message, code } };
}

export async function startFakeDiscord(
  options: FakeDiscordOptions = {},
): Promise<FakeDiscordServer> {
  const botToken = options.botToken ?? "bot-token-test";
  const accepted = new Map<RecordedRequest, DiscordPost>();
  const expiredTokens = new Set<string>();
  const commands = new Map<string, unknown[]>();
  const files = new Map<string, Uint8Array>();
  const typing: string[] = [];
  let nextId = 1_100_000_000_000_000_000n;

  const server = await startScriptedServer((request) => {
    const path = (request.path.split("?")[0] ?? "").replace(/^\/api\/v10/, "");
    const body = (request.body ?? {}) as Record<string, unknown>;
    const message = (kind: DiscordPost["kind"], where: string): ScriptedResponse => {
      const content = typeof body.content === "string" ? body.content : undefined;
      if (kind !== "delete-original") {
        const embeds = Array.isArray(body.embeds) ? body.embeds : [];
        if (!content && !embeds.length) {
          return discordError(400, "Cannot send an empty message", 50006);
        }
        const problem = componentsProblem(body.components);
        if (problem) return discordError(400, `Invalid Form Body: ${problem}`, 50035);
        if (content && content.length > 2000) {
          return {
            status: 400,
            body: {
              message: "Invalid Form Body",
              code: 50035,
              errors: {
                content: {
                  _errors: [
                    { code: "BASE_TYPE_MAX_LENGTH", message: "Must be 2000 or fewer in length." },
                  ],
                },
              },
            },
          };
        }
      }
      accepted.set(request, { method: request.method, kind, where, content, body });
      if (kind === "delete-original") return { status: 204 };
      nextId += 1n;
      return { body: { id: String(nextId), channel_id: where, content, type: 0 } };
    };

    const file = request.method === "GET" ? files.get(request.path.split("?")[0] ?? "") : undefined;
    if (file) return { body: file };
    let m = /^\/webhooks\/(\d+)\/([^/]+)(\/messages\/@original)?$/.exec(path);
    if (m) {
      const token = m[2]!;
      if (expiredTokens.has(token)) return discordError(401, "Invalid Webhook Token", 50027);
      if (m[3] && request.method === "PATCH") return message("original", token);
      if (m[3] && request.method === "DELETE") return message("delete-original", token);
      if (!m[3] && request.method === "POST") return message("followup", token);
      return discordError(405, "405: Method Not Allowed");
    }
    const auth = request.headers.authorization;
    if (auth !== `Bot ${botToken}`) return discordError(401, "401: Unauthorized");
    m = /^\/channels\/(\d+)\/messages$/.exec(path);
    if (m && request.method === "POST") return message("channel", m[1]!);
    m = /^\/channels\/(\d+)\/typing$/.exec(path);
    if (m && request.method === "POST") {
      typing.push(m[1]!);
      return { status: 204 };
    }
    if (path === "/gateway/bot" && request.method === "GET") {
      if (!fake.gatewayUrl) return discordError(503, "no gateway here");
      return {
        body: {
          url: fake.gatewayUrl,
          shards: 1,
          session_start_limit: { total: 1000, remaining: 999, reset_after: 0, max_concurrency: 1 },
        },
      };
    }
    m = /^\/applications\/(\d+)(?:\/guilds\/(\d+))?\/commands$/.exec(path);
    if (m && request.method === "PUT") {
      if (!Array.isArray(request.body)) return discordError(400, "Invalid Form Body", 50035);
      const stored = (request.body as Record<string, unknown>[]).map((c, i) => ({
        id: String(2_000_000_000_000_000_000n + BigInt(i)),
        application_id: m![1],
        ...(m![2] ? { guild_id: m![2] } : {}),
        version: "1",
        ...c,
      }));
      commands.set(m[2] ?? "global", stored);
      return { body: stored };
    }
    return discordError(404, "404: Not Found");
  });

  const fake: FakeDiscordServer = Object.assign(server, {
    url: `${server.origin}/api/v10`,
    botToken,
    messages: () => server.requests.flatMap((r) => (accepted.has(r) ? [accepted.get(r)!] : [])),
    expiredTokens,
    commands,
    files,
    typing,
  });
  return fake;
}

/** What Discord would refuse in message components (developers/components/reference), or undefined. */
function componentsProblem(components: unknown): string | undefined {
  if (components === undefined) return undefined;
  if (!Array.isArray(components) || components.length > 5) return "components: at most 5 rows";
  for (const row of components as Record<string, unknown>[]) {
    if (row.type !== 1 || !Array.isArray(row.components)) return "components: rows must be type 1";
    if (row.components.length < 1 || row.components.length > 5) return "components: 1-5 per row";
    for (const button of row.components as Record<string, unknown>[]) {
      if (button.type !== 2) return "components: only buttons here";
      if (typeof button.label !== "string" || button.label.length > 80) return "label";
      if (button.style === 5) {
        if (typeof button.url !== "string") return "url";
      } else if (
        typeof button.custom_id !== "string" ||
        button.custom_id.length < 1 ||
        button.custom_id.length > 100
      ) {
        return "custom_id";
      }
    }
  }
  return undefined;
}

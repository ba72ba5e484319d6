// Settings catalog groups (tools/docs/settings/catalog.ts): the bots, each platform's own settings,
// and the elizaOS names read for compatibility.
import type { SettingGroup } from "../types.ts";

export const PLATFORM_GROUPS: readonly SettingGroup[] = [
  {
    title: "Telegram and Discord",
    settings: [
      {
        names: ["TELEGRAM_BOT_TOKEN", "TELEGRAM_WEBHOOK_SECRET"],
        usedBy: "Telegram",
        meaning:
          "Bot token; the secret Telegram echoes in `X-Telegram-Bot-Api-Secret-Token`. See [Bots](/guides/bots).",
      },
      {
        names: ["TELEGRAM_API_BASE", "TELEGRAM_BOT_USERNAME"],
        usedBy: "Telegram",
        default: "`https://api.telegram.org`; one `getMe`",
        meaning: "API base; the bot's @name.",
      },
      {
        names: ["TELEGRAM_MODE"],
        usedBy: "Node target",
        meaning:
          "Unset: long-poll `getUpdates` unless `TELEGRAM_WEBHOOK_SECRET` is set (a webhook Telegram already has is left alone); `polling`: always poll, deleting a webhook at start; `webhook`: never poll. Anything else stops the start.",
      },
      {
        names: ["TELEGRAM_POLL_TIMEOUT"],
        usedBy: "Node target",
        default: "30",
        meaning: "Seconds one `getUpdates` long poll waits (0–50).",
      },
      {
        names: ["DISCORD_GATEWAY"],
        usedBy: "Node target",
        default: "off",
        meaning:
          "`true`: join the Discord Gateway and answer DMs and mentions; needs `DISCORD_BOT_TOKEN`.",
      },
      {
        names: ["DISCORD_PUBLIC_KEY", "DISCORD_APPLICATION_ID", "DISCORD_BOT_TOKEN"],
        usedBy: "Discord",
        meaning:
          "Verifies interactions; completes deferred replies; posts reminders to channels. elizaOS's `DISCORD_API_TOKEN` stands in for an unset `DISCORD_BOT_TOKEN` (tied to `DISCORD_API_BASE` the same way).",
      },
      {
        names: ["DISCORD_API_BASE"],
        usedBy: "Discord",
        default: "`https://discord.com/api/v10`",
        meaning: "Discord's API base.",
      },
    ],
  },
  {
    title: "Cloudflare Workers",
    settings: [
      {
        names: ["AI"],
        usedBy: "Workers (binding)",
        meaning: "The Workers AI binding: a keyless model provider when bound.",
      },
      {
        names: [
          "CLOUDFLARE_AI_TEXT_MODEL",
          "CLOUDFLARE_AI_SMALL_MODEL",
          "CLOUDFLARE_AI_LARGE_MODEL",
          "CLOUDFLARE_AI_EMBEDDING_MODEL",
          "CLOUDFLARE_AI_VISION_MODEL",
          "CLOUDFLARE_AI_TRANSCRIPTION_MODEL",
        ],
        usedBy: "Workers",
        default: "LLaVA 1.5 for vision, Whisper for transcription",
        meaning:
          "Models for the `AI` binding: text and objects (one for both sizes, or small and large apart), embeddings, `IMAGE_DESCRIPTION`, `TRANSCRIPTION`.",
      },
    ],
  },
  {
    title: "AWS Lambda",
    settings: [
      {
        names: ["LAMBDA_SELF_INVOKE", "LAMBDA_ENDPOINT"],
        usedBy: "Lambda",
        meaning: "Continue webhook turns in an async self-invoke; Lambda API endpoint override.",
      },
      {
        names: ["AWS_REGION", "AWS_LAMBDA_FUNCTION_NAME"],
        usedBy: "Lambda, `dynamodb:create-table`",
        meaning:
          "Set by Lambda itself: the region of the DynamoDB and Lambda clients (the SDK's own lookup otherwise, `us-east-1` for a local endpoint) and the function a self-invoke calls.",
      },
    ],
  },
  {
    title: "elizaOS names read for compatibility",
    intro:
      "Where ours and elizaOS's name are both set, ours wins. The plugin-list names only decide which plugin packages `buildCharacterPlugins` (compat entry) lists, as elizaOS does.",
    settings: [
      {
        names: ["POSTGRES_URL", "PGLITE_DATA_DIR", "DISCORD_API_TOKEN"],
        usedBy: "Node target, Discord",
        meaning: "elizaOS's names for `DATABASE_URL`, `PGLITE_DIR` and `DISCORD_BOT_TOKEN`.",
      },
      {
        names: ["BOOTSTRAP_KEEP_RESP"],
        usedBy: "pipeline",
        meaning: "elizaOS 1.7's name for `BASIC_CAPABILITIES_KEEP_RESP`.",
      },
      {
        names: ["SERVER_PORT"],
        usedBy: "compat entry",
        default: "3000",
        meaning: "The port in elizaOS's own server URL helpers (`http://localhost:<SERVER_PORT>`).",
      },
      {
        names: [
          "OPENROUTER_API_KEY",
          "GOOGLE_GENERATIVE_AI_API_KEY",
          "TWITTER_API_KEY",
          "TWITTER_API_SECRET_KEY",
          "TWITTER_ACCESS_TOKEN",
          "TWITTER_ACCESS_TOKEN_SECRET",
          "IGNORE_BOOTSTRAP",
        ],
        usedBy: "compat entry",
        meaning:
          "Decide the plugin list `buildCharacterPlugins` gives, as elizaOS's default character does; eliza-edge bundles plugins rather than loading them by name.",
      },
      {
        names: ["NODE_ENV"],
        usedBy: "all targets",
        meaning:
          "`production` marks a Node process as production: a character with secrets and the default `SECRET_SALT` then gets a startup warning.",
      },
    ],
  },
];

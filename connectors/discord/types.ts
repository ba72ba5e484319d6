// The parts of an interaction this connector reads
// (discord.com/developers/docs/interactions/receiving-and-responding#interaction-object).

export const InteractionType = {
  PING: 1,
  APPLICATION_COMMAND: 2,
  MESSAGE_COMPONENT: 3,
  APPLICATION_COMMAND_AUTOCOMPLETE: 4,
  MODAL_SUBMIT: 5,
} as const;

export const ResponseType = {
  PONG: 1,
  CHANNEL_MESSAGE_WITH_SOURCE: 4,
  DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: 5,
  DEFERRED_UPDATE_MESSAGE: 6,
  APPLICATION_COMMAND_AUTOCOMPLETE_RESULT: 8,
} as const;

export const ComponentType = { ACTION_ROW: 1, BUTTON: 2 } as const;
export const ButtonStyle = { PRIMARY: 1, LINK: 5 } as const;

/** Message flag: only the invoking user sees it. */
export const EPHEMERAL = 64;

export interface DiscordUser {
  id: string;
  username?: string;
  global_name?: string | null;
  bot?: boolean;
}

/** developers/resources/message#attachment-object */
export interface DiscordAttachment {
  id: string;
  filename?: string;
  content_type?: string;
  size?: number;
  url?: string;
  proxy_url?: string;
}

export interface CommandOption {
  name: string;
  type: number;
  value?: string | number | boolean;
  options?: CommandOption[];
}

export interface Interaction {
  id: string;
  application_id: string;
  type: number;
  token: string;
  data?: {
    id?: string;
    name?: string;
    type?: number;
    options?: CommandOption[];
    custom_id?: string;
    component_type?: number;
    /** Files given to a command's attachment options, by id. */
    resolved?: { attachments?: Record<string, DiscordAttachment> };
  };
  guild_id?: string;
  channel_id?: string;
  channel?: { id: string; type?: number; name?: string };
  member?: { user?: DiscordUser; nick?: string | null };
  user?: DiscordUser;
  version?: number;
}

// The built-in plugin every agent gets, as elizaOS's bootstrap plugin: the basic actions and
// the providers a plan needs (CAPABILITIES and PROVIDERS as plugin-bootstrap has them).
import type { Plugin } from "../../runtime/contract/plugin-api.ts";
import { ignoreAction } from "./actions/ignore.ts";
import { noneAction } from "./actions/none.ts";
import { replyAction } from "./actions/reply.ts";
import { actionsProvider } from "./providers/actions.ts";
import { capabilitiesProvider } from "./providers/capabilities.ts";
import { characterProvider } from "./providers/character.ts";
import { entitiesProvider } from "./providers/entities.ts";
import { providersProvider } from "./providers/providers-list.ts";
import { recentMessagesProvider } from "./providers/recent-messages.ts";
import { timeProvider } from "./providers/time.ts";

export const bootstrapPlugin: Plugin = {
  name: "bootstrap",
  description: "Basic actions (REPLY, IGNORE, NONE) and context providers",
  actions: [replyAction, ignoreAction, noneAction],
  providers: [
    characterProvider,
    timeProvider,
    entitiesProvider,
    recentMessagesProvider,
    actionsProvider,
    capabilitiesProvider,
    providersProvider,
  ],
};

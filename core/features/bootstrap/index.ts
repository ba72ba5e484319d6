// The built-in plugin every agent gets, as elizaOS's bootstrap plugin: the basic actions and
// the providers a plan needs (CAPABILITIES and PROVIDERS as plugin-bootstrap has them).
import type { Plugin } from "../../runtime/index.ts";
import { ignoreAction, noneAction, replyAction } from "./actions/index.ts";
import {
  actionsProvider,
  capabilitiesProvider,
  characterProvider,
  entitiesProvider,
  providersProvider,
  recentMessagesProvider,
  timeProvider,
} from "./providers/index.ts";

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

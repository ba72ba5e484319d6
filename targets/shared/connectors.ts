// The chat platforms every edge target mounts, in one place. Each connector brings webhook
// routes (mounted by createApp at /webhooks/<name>) and a plugin whose send handlers deliver
// the agent's replies. connectors/ (Telegram, Discord) is not in the tree yet: when it lands,
// add its connectors and plugins to these two lists and every target serves them.
import type { Connector, Plugin } from "../../core/index.ts";

export const edgeConnectors: Connector[] = [];

export const edgeConnectorPlugins: Plugin[] = [];

// elizaOS's per-request context (newer @elizaos/core lines, imported by plugin-mcp 1.8.2 among
// others): the entity a request acts for, kept in Node's AsyncLocalStorage by elizaOS's server.
// core/ stays web-standard (no node:async_hooks), and eliza-edge passes the entity along with
// each message instead, so no context is ever active here: callers take their no-context path
// (plugin-mcp keys its connection by server name alone), as they do outside a request in elizaOS.
import type { UUID } from "../kernel/index.ts";

export interface RequestContext {
  entityId?: UUID;
  agentId?: UUID;
  /** Per-entity settings a multi-tenant elizaOS server resolves for the request. */
  entitySettings?: Map<string, unknown>;
  requestStartTime?: number;
}

/** The active request's context: always `undefined` in eliza-edge (see above). */
export function getRequestContext(): RequestContext | undefined {
  return undefined;
}

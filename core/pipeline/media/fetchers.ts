// How a message's attachments are read: each connector registers a fetcher for its source
// (Telegram: getFile, then the download; Discord: the attachment's CDN URL). Attachments of a
// source with no fetcher are left as they are, so a URL a user typed is never fetched.

import type { Media } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import type { Downloaded } from "./download.ts";

export type MediaFetcher = (
  runtime: IAgentRuntime,
  media: Media,
  maxBytes: number,
) => Promise<Downloaded>;

const fetchers = new WeakMap<IAgentRuntime, Map<string, MediaFetcher>>();

export function registerMediaFetcher(
  runtime: IAgentRuntime,
  source: string,
  fetcher: MediaFetcher,
): void {
  const bySource = fetchers.get(runtime) ?? new Map<string, MediaFetcher>();
  fetchers.set(runtime, bySource);
  bySource.set(source, fetcher);
}

export function mediaFetcher(runtime: IAgentRuntime, source: unknown): MediaFetcher | undefined {
  return typeof source === "string" ? fetchers.get(runtime)?.get(source) : undefined;
}

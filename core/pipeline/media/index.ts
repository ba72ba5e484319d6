// A message's attachments: read through the fetcher its connector registered, described by
// the model before the turn.
export {
  attachmentLine,
  DEFAULT_MEDIA_MAX_BYTES,
  mediaMaxBytes,
  nothingReadable,
  processAttachments,
  textOnlyReply,
} from "./attachments.ts";
export { type Downloaded, downloadCapped, MediaError } from "./download.ts";
export { type MediaFetcher, registerMediaFetcher } from "./fetchers.ts";

// TODO describe core/pipeline/media
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

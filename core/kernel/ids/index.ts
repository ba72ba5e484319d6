// UUIDs compatible bit for bit with elizaOS's.
export {
  createUniqueUuid,
  randomUuid,
  stringToUuid,
  validateUuid,
  withIdsWhereRandomRefused,
} from "./uuid.ts";

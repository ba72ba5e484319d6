// TODO describe core/kernel/ids
export { createUniqueUuid, randomUuid, stringToUuid, validateUuid } from "./uuid.ts";

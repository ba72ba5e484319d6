export {
  createDynamoClient,
  DYNAMODB_DEFAULTS,
  type DynamoClientOptions,
  type DynamoTimeouts,
} from "./client.ts";
export { type CreateTableResult, createTable, tableDefinition } from "./create-table.ts";
export { MAX_ITEM_BYTES, MAX_TRANSACT_ACTIONS } from "./limits.ts";
export { createDynamoStorage, DynamoStorage, type DynamoStorageOptions } from "./storage.ts";
export { UNPROCESSED_ATTEMPTS } from "./table.ts";
export { SEARCH_CANDIDATES } from "./vector-search.ts";

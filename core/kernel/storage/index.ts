// The storage contract every backend in adapters/ implements, and what its methods take.
export {
  answerRead,
  type ClaimDueTasksParams,
  type ClaimTaskParams,
  type DeleteLogsParams,
  type GetLogsParams,
  type GetMemoriesParams,
  type LogParams,
  type ReleaseTasksParams,
  type ReleaseTasksResult,
  type SearchMemoriesParams,
  type StorageAdapter,
  StorageError,
  type StorageErrorCode,
  type StorageOp,
  type StorageRead,
  type StorageReadResult,
  type SweepReport,
  type TaskRelease,
} from "./contract.ts";
export { assertDistinctReleases } from "./distinct-releases.ts";

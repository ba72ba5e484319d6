export { createMemoryStorage, MemoryStorage, type MemoryStorageOptions } from "./memory-storage.ts";

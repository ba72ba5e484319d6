export { createMemoryStorage, MemoryStorage, type MemoryStorageOptions } from "./storage.ts";

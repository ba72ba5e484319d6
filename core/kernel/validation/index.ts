// Validation that costs nothing until it runs, and text made well-formed before it is stored.
export { lazySchema } from "./lazy-schema.ts";
export { wellFormed, wellFormedDeep } from "./well-formed.ts";

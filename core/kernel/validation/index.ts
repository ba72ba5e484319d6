// TODO describe core/kernel/validation
export { lazySchema } from "./lazy-schema.ts";
export { wellFormed, wellFormedDeep } from "./well-formed.ts";

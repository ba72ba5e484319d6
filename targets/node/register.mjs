// `node --import eliza-edge/register` (or `tsx --import eliza-edge/register`): Node then loads
// published elizaOS plugins unchanged. Plain JavaScript so Node can load it before any
// TypeScript loader; the hook itself runs on Node's module-hooks thread. The published package
// builds this file to dist/register.mjs, beside dist/elizaos-core-hooks.mjs.
import { register } from "node:module";

register("./elizaos-core-hooks.mjs", import.meta.url);

// Stand-ins for packages that published elizaOS plugins import and a Worker cannot afford,
// for a bundler alias (README, "Plugin size on Workers").
export { encodingForModel, getEncoding, Tiktoken } from "./js-tiktoken.ts";

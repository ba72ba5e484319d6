// @elizaos/core exports that cannot work in eliza-edge, each exported anyway so that a plugin
// importing it still links; calling it (or constructing it) throws an Error that says why and
// what to use instead. Nothing here throws at import. The README lists these names.

/** Names refused, with the reason, for the README and the tests. */
export const REFUSED: Record<string, string> = {};

function refusal(name: string, reason: string): Error {
  return new Error(`${name} is not available on eliza-edge: ${reason}`);
}

function refuseFunction(name: string, reason: string): (...args: unknown[]) => never {
  REFUSED[name] = reason;
  const fn = (..._args: unknown[]): never => {
    throw refusal(name, reason);
  };
  Object.defineProperty(fn, "name", { value: name });
  return fn;
}

const FILES =
  "serverless platforms have no persistent file system; keep files in object storage (R2, S3, Vercel Blob) and data in the storage adapter.";
const ENV_FILES =
  "there are no .env files at run time on serverless; pass settings to createAgent({ env }) or put them in the character's settings/secrets.";
const PLUGIN_LOADING =
  "plugins cannot be loaded or installed by package name at run time in a serverless bundle; import the plugin object and list it in createAgent({ plugins }).";

export const getElizaPaths = refuseFunction("getElizaPaths", FILES);
export const getAllElizaPaths = refuseFunction("getAllElizaPaths", FILES);
export const getDataDir = refuseFunction("getDataDir", FILES);
export const getDatabaseDir = refuseFunction("getDatabaseDir", FILES);
export const getCharactersDir = refuseFunction("getCharactersDir", FILES);
export const getGeneratedDir = refuseFunction("getGeneratedDir", FILES);
export const getUploadsAgentsDir = refuseFunction("getUploadsAgentsDir", FILES);
export const getUploadsChannelsDir = refuseFunction("getUploadsChannelsDir", FILES);
export const resetPaths = refuseFunction("resetPaths", FILES);
export const findEnvFile = refuseFunction("findEnvFile", ENV_FILES);
export const findAllEnvFiles = refuseFunction("findAllEnvFiles", ENV_FILES);
export const loadEnvFile = refuseFunction("loadEnvFile", ENV_FILES);
export const loadEnvFilesWithPrecedence = refuseFunction("loadEnvFilesWithPrecedence", ENV_FILES);
export const loadPlugin = refuseFunction("loadPlugin", PLUGIN_LOADING);
export const loadAndPreparePlugin = refuseFunction("loadAndPreparePlugin", PLUGIN_LOADING);
export const tryInstallPlugin = refuseFunction("tryInstallPlugin", PLUGIN_LOADING);

const ELIZA_OS =
  "ElizaOS is elizaOS's multi-agent server process, which needs a long-lived server; on eliza-edge create each agent with createAgent() and serve it with a target (targets/cloudflare, targets/lambda, targets/vercel, targets/node).";
REFUSED.ElizaOS = ELIZA_OS;
export class ElizaOS {
  constructor() {
    throw refusal("ElizaOS", ELIZA_OS);
  }
}

const MESSAGE_SERVICE =
  "eliza-edge runs its own message loop instead of elizaOS's DefaultMessageService; call messageService.handleMessage(runtime, message, callback) (exported by eliza-edge and eliza-edge/elizaos, the same method elizaOS's runtime.messageService has).";
REFUSED.DefaultMessageService = MESSAGE_SERVICE;
export class DefaultMessageService {
  constructor() {
    throw refusal("DefaultMessageService", MESSAGE_SERVICE);
  }
}

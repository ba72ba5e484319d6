// Where `eliza-edge runs` and `eliza-edge tasks` read from: a server given by --url (a
// deployed Worker, Lambda or Vercel function, with API_TOKEN), else the local server holding
// the PGlite directory or answering on HOST:PORT, else the configured storage opened in this
// process (as `tick` does). One typed client (eliza-edge/client) serves all three.
import { connectorsFromEnv } from "../../../connectors/index.ts";
import { createClient, type ElizaEdgeClient } from "../../../core/http/index.ts";
import {
  characterAgentId,
  createAgent,
  createApp,
  createConsoleLogger,
  type LogLevel,
} from "../../../core/index.ts";
import { envSetting } from "../../../core/kernel/index.ts";
import { loadCharacter } from "../config.ts";
import { DataDirBusyError, lockHolder } from "../data-dir-lock.ts";
import { pgliteDir, storageFromEnv } from "../storage.ts";
import { CliError } from "./errors.ts";

export interface AgentApi {
  client: ElizaEdgeClient;
  /** "http://127.0.0.1:3000" or "the storage (pglite)", for messages. */
  where: string;
  close(): Promise<void>;
}

const env = process.env;

export async function connectAgentApi(command: string, url?: string): Promise<AgentApi> {
  const token = env.API_TOKEN;
  if (url) {
    let base: URL;
    try {
      base = new URL(url);
    } catch {
      throw new CliError(`--url is not a URL: ${url}`);
    }
    return remote(base.origin, token);
  }
  const locked = lockedServer();
  const base = locked ?? `http://${env.HOST ?? "127.0.0.1"}:${env.PORT ?? "3000"}`;
  // The lock says a server is there: give a busy one longer than a guess at HOST:PORT.
  if (await answers(base, locked ? 10_000 : 1_000)) return remote(base, token);
  return inProcess(command);
}

function remote(base: string, token: string | undefined): AgentApi {
  return { client: createClient(base, { token }), where: base, close: async () => {} };
}

async function answers(base: string, timeoutMs: number): Promise<boolean> {
  try {
    return (await fetch(`${base}/health`, { signal: AbortSignal.timeout(timeoutMs) })).ok;
  } catch {
    return false;
  }
}

/** The server holding the PGlite directory; a holder that serves nothing is refused. */
function lockedServer(): string | undefined {
  if (envSetting(env, "DATABASE_URL") || env.ALLOW_NO_DATABASE === "true") return undefined;
  const dir = pgliteDir(env);
  const holder = lockHolder(dir);
  if (!holder) return undefined;
  if (!holder.url) throw new DataDirBusyError(dir, holder);
  return holder.url;
}

async function inProcess(command: string): Promise<AgentApi> {
  const character = await loadCharacter(env);
  const storage = await storageFromEnv(env, {
    agentId: characterAgentId(character),
    command,
  }).catch((error: Error) => {
    throw new CliError(`cannot open the storage: ${error.message}`, { cause: error.cause });
  });
  try {
    const runtime = await createAgent({
      character,
      storage,
      env,
      plugins: connectorsFromEnv(env).plugins,
      // The offline-model notice is for servers; these commands print their answer only.
      logger: createConsoleLogger((env.LOG_LEVEL as LogLevel | undefined) ?? "warn"),
    });
    const app = createApp({
      getAgent: async () => runtime,
      env: () => ({}),
      openWithoutToken: true,
    });
    const client = createClient("http://eliza-edge.local", {
      fetch: async (input, init) =>
        app.request(input instanceof Request ? input : String(input), init),
    });
    return {
      client,
      where: `the storage (${storage.kind})`,
      close: async () => {
        await runtime.stop();
        await storage.close();
      },
    };
  } catch (error) {
    await storage.close();
    throw error;
  }
}

/** The JSON of an answer, or a CliError with its `{error: {message}}` (404, 401, ...). */
export async function answerOf<T>(response: {
  ok: boolean;
  status: number;
  json(): Promise<T>;
}): Promise<T> {
  if (response.ok) return response.json();
  let message = `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as { error?: { message?: string } };
    if (body.error?.message) message = body.error.message;
  } catch {
    // not JSON: the status says enough
  }
  if (response.status === 401) message += " (set API_TOKEN to the server's token)";
  throw new CliError(message);
}

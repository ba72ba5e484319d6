// Each target's deadlines, nested so that ours always end first: the model call inside the
// turn, the turn inside the request, the request inside the platform's own limit. A client then
// always hears from us (503 + Retry-After at worst), never a gateway's 504. Each is a setting:
// a value in the env wins over the target's default here.
//
//   Worker:  a webhook turn runs in waitUntil, which lasts 30 s after the response.
//   Lambda:  API Gateway answers 504 at 29 s (REST) or 30 s (HTTP API).
//   Vercel:  the function ends at maxDuration (60 s in vercel.json).
//   Node:    a load balancer's idle timeout (AWS ALB: 60 s) ends a silent request.
import { setting } from "../../core/index.ts";

export interface Deadlines {
  /** The whole HTTP request (core/http/deadline.ts). */
  REQUEST_TIMEOUT_MS: number;
  /** One message turn (elizaOS's run timeout). */
  RUN_TIMEOUT_MS: number;
  /** One model call, its retry included. */
  MODEL_TIMEOUT_MS: number;
}

export const WORKER_DEADLINES: Deadlines = {
  REQUEST_TIMEOUT_MS: 28_000,
  RUN_TIMEOUT_MS: 25_000,
  MODEL_TIMEOUT_MS: 20_000,
};
export const LAMBDA_DEADLINES: Deadlines = {
  REQUEST_TIMEOUT_MS: 27_000,
  RUN_TIMEOUT_MS: 25_000,
  MODEL_TIMEOUT_MS: 20_000,
};
export const VERCEL_DEADLINES: Deadlines = {
  REQUEST_TIMEOUT_MS: 55_000,
  RUN_TIMEOUT_MS: 50_000,
  MODEL_TIMEOUT_MS: 40_000,
};
export const NODE_DEADLINES: Deadlines = {
  REQUEST_TIMEOUT_MS: 55_000,
  RUN_TIMEOUT_MS: 50_000,
  MODEL_TIMEOUT_MS: 40_000,
};

/** The env with the target's deadlines under it: a deadline the env sets wins. */
export function withDeadlines<Env>(env: Env, deadlines: Deadlines): Env {
  const settings = env as unknown as Record<string, unknown>;
  const missing = Object.entries(deadlines).filter(([key]) => setting(settings, key) === undefined);
  if (missing.length === 0) return env;
  return {
    ...settings,
    ...Object.fromEntries(missing.map(([key, ms]) => [key, String(ms)])),
  } as unknown as Env;
}

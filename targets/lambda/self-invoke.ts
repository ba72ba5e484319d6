// The asynchronous self-invoke: nothing runs after a Lambda returns its response, so a webhook
// message the request accepted (a Telegram update, Discord's deferred reply) is answered by a
// second invocation of the same function that runs a tick (InvocationType "Event": queued by
// Lambda, retried on failure).
// Opt-in with LAMBDA_SELF_INVOKE=true; the function needs lambda:InvokeFunction on itself.
// The SDK's Lambda client is imported on the first hand-off, not at a cold start: most
// invocations never hand off, and the bundle keeps it in a chunk of its own (build.ts).
import type { LambdaClient } from "@aws-sdk/client-lambda";
import { setting } from "../../core/index.ts";
import { loadDriver } from "../shared/drivers.ts";
import type { TickEvent } from "./events.ts";

export type SelfInvoke = (event: TickEvent) => Promise<void>;

/** The configured self-invoke, or undefined when off (background work then waits for a tick). */
export function selfInvokeFromEnv(env: Record<string, unknown>): SelfInvoke | undefined {
  if (setting(env, "LAMBDA_SELF_INVOKE") !== "true") return undefined;
  const functionName = setting(env, "AWS_LAMBDA_FUNCTION_NAME");
  if (!functionName) return undefined;
  const endpoint = setting(env, "LAMBDA_ENDPOINT");
  const local = endpoint !== undefined && /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(endpoint);
  let client: LambdaClient | undefined;
  return async (event) => {
    const { InvokeCommand, LambdaClient } = await loadDriver(
      "lambda",
      () => import("@aws-sdk/client-lambda"),
    );
    // One client per container, made on first use (the SDK keeps its own connection pool).
    client ??= new LambdaClient({
      ...(endpoint ? { endpoint } : {}),
      // A local Invoke endpoint (tests) accepts any region and keys.
      ...(local
        ? {
            region: setting(env, "AWS_REGION") ?? "us-east-1",
            credentials: { accessKeyId: "local", secretAccessKey: "local" },
          }
        : {}),
    });
    const out = await client.send(
      new InvokeCommand({
        FunctionName: functionName,
        InvocationType: "Event",
        Payload: new TextEncoder().encode(JSON.stringify(event)),
      }),
    );
    if (out.StatusCode !== 202) {
      throw new Error(`async self-invoke of ${functionName} answered ${out.StatusCode}`);
    }
  };
}

// The Workers AI binding (`env.AI`) as the model handlers call it.
/** What this provider calls on the binding (`Ai` in @cloudflare/workers-types). */
export interface WorkersAiBinding {
  run(model: string, inputs: Record<string, unknown>): Promise<unknown>;
}

// The runtime's models: the registry (highest priority wins, models/registry.ts) and
// elizaOS's useModel, which applies the model settings, records the call in its run and
// emits MODEL_USED.
import { EventType, type ModelTypeName } from "../kernel/index.ts";
import type { ModelHandler, ModelRegistration, RegisteredModelHandler } from "./contract/index.ts";
import {
  applyLlmMode,
  callRecorded,
  deliverUsage,
  embeddingProbe,
  ModelRegistry,
  modelUsedPayload,
  prepareModelCall,
  readLlmMode,
  withModelSettings,
} from "./models/index.ts";
import { asRuntime, RuntimeEvents } from "./runtime-events.ts";

// Kept off the instance (see CoreInternals in agent-runtime-core.ts for why).
const registries = new WeakMap<RuntimeModels, ModelRegistry>();

function registryOf(runtime: RuntimeModels): ModelRegistry {
  let registry = registries.get(runtime);
  if (!registry) {
    registry = new ModelRegistry();
    registries.set(runtime, registry);
  }
  return registry;
}

export abstract class RuntimeModels extends RuntimeEvents {
  /** elizaOS's `runtime.models`: registrations by type, highest priority first. */
  get models(): Map<string, ModelRegistration[]> {
    return registryOf(this).byType;
  }

  registerModel(type: ModelTypeName, handler: ModelHandler, provider: string, priority = 0): void {
    registryOf(this).register(type, handler, provider, priority);
  }

  /** elizaOS's getModel: the winning handler function (with its provider on it), if any. */
  getModel(type: ModelTypeName): RegisteredModelHandler | undefined {
    return registryOf(this).registration(type)?.callable;
  }

  /** The winning registration: handler, provider and priority. */
  getModelRegistration(type: ModelTypeName, provider?: string): ModelRegistration | undefined {
    const entry = registryOf(this).registration(type, provider);
    return entry && { handler: entry.handler, provider: entry.provider, priority: entry.priority };
  }

  /**
   * Calls the highest-priority handler for the type, or the named provider's. TEXT_EMBEDDING
   * with null (elizaOS's width probe) answers a zero vector of EMBEDDING_DIMENSION when that is
   * set, without calling the model. LLM_MODE (SMALL or LARGE) replaces the text size asked
   * for, as elizaOS's llmMode does. `promptSegments` must join to `prompt` (which they build
   * when absent). Emits MODEL_USED, with the tokens the provider reported, when someone listens.
   */
  async useModel<R = string>(
    requested: ModelTypeName,
    params: unknown,
    provider?: string,
  ): Promise<R> {
    const type = applyLlmMode(requested, readLlmMode(this.getSettingString("LLM_MODE")));
    const model = registryOf(this).registration(type, provider);
    if (!model) {
      // elizaOS's message, which plugins and tests match; what to do about it after it.
      throw new Error(
        `No handler found for delegate type: ${type}` +
          (provider ? ` from provider ${provider}` : "") +
          ": no plugin registered a model for it",
      );
    }
    // elizaOS's model defaults (TEXT_LARGE_TEMPERATURE, DEFAULT_MAX_TOKENS ...) under what the
    // call sets; a copy, so the caller's object is left as it was.
    params = withModelSettings(this, type, params);
    const probe = embeddingProbe(
      type,
      params,
      Number(this.getSettingString("EMBEDDING_DIMENSION")),
    );
    if (probe) return probe as R;
    const call = prepareModelCall(params);
    const result = await callRecorded<R>(asRuntime(this), this.runs, type, model, call);
    const usage = call.usage();
    deliverUsage(call.params, usage);
    if (this.events[EventType.MODEL_USED]?.length) {
      await this.emitEvent(EventType.MODEL_USED, {
        ...modelUsedPayload(type, model.provider, call.params, usage),
      });
    }
    return result;
  }
}

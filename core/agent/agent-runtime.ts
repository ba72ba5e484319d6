// The AgentRuntime users build and every component receives: the runtime layer's
// AgentRuntimeCore with the message pipeline plugged in. The core declares what it needs of
// the layers above it (messageService; the "task" service elizaOS has from the start) and this
// class provides them, so `new AgentRuntime({ character, storage })` is a whole agent.
import { createElizaMessageService, TaskService } from "../pipeline/index.ts";
import { AgentRuntimeCore, type RuntimeOptions, TASK_SERVICE_TYPE } from "../runtime/index.ts";

export class AgentRuntime extends AgentRuntimeCore {
  readonly messageService = createElizaMessageService();

  constructor(options: RuntimeOptions) {
    // getService("task") answers from the start, as with elizaOS's bootstrap plugin loaded.
    super(options, { [TASK_SERVICE_TYPE]: (runtime) => new TaskService(runtime) });
  }
}

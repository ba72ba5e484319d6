// elizaOS's Service base class (exported as `Service` by the compat entry; ServiceBase here,
// beside the contract's Service interface). Plugins subclass it and list the class in
// `plugin.services`; the runtime calls the static `start(runtime)` once and keeps the instance
// (`runtime.getService(serviceType)`), then `stop()` on shutdown. Its builders are elizaOS
// API only: core/elizaos/service.ts.

import type { Metadata } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../contract/index.ts";

type ServiceRuntime = IAgentRuntime;

abstract class Service {
  /** The runtime this instance serves; set by the constructor when one is given. */
  protected runtime!: ServiceRuntime;

  /** Which service this is; `runtime.getService(serviceType)` finds it. */
  static serviceType: string;

  /** One line saying what the service does, for the agent's self-description. */
  capabilityDescription = "";

  config?: Metadata;

  constructor(runtime?: ServiceRuntime) {
    if (runtime) this.runtime = runtime;
  }

  /** Releases what the instance holds. Subclasses override. */
  async stop(): Promise<void> {}

  /**
   * Creates the runtime's instance. The default constructs the subclass with the runtime
   * (elizaOS's base throws "Not implemented" here; subclasses normally override it anyway).
   */
  static async start(runtime: ServiceRuntime): Promise<Service> {
    // `this` is the subclass start() was called on; abstract only to TypeScript.
    // biome-ignore lint/complexity/noThisInStatic: the subclass, not Service itself
    const Concrete = this as unknown as new (runtime?: ServiceRuntime) => Service;
    return new Concrete(runtime);
  }

  /** Stops the runtime's instance of this service, if it has one. */
  static async stop(runtime: ServiceRuntime): Promise<void> {
    const lookup = (runtime as { getService?: (type: string) => unknown }).getService;
    // biome-ignore lint/complexity/noThisInStatic: the subclass's serviceType, not Service's
    const instance = lookup?.call(runtime, this.serviceType);
    if (instance && typeof (instance as Service).stop === "function") {
      await (instance as Service).stop();
    }
  }

  static registerSendHandlers?(runtime: ServiceRuntime, service: Service): void;
}

// Named Service at run time, as elizaOS's (Service.name), and ServiceBase to core's code.
export { Service as ServiceBase };

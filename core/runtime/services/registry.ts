// elizaOS's service registry: a service class (static serviceType, static start) is started
// once per runtime and its instances are listed by type. On serverless "once per runtime"
// means once per cold start (isolate or function instance); anything long-lived a service
// starts (timers, sockets) is the plugin's, and may be cut off when the platform freezes it.

import { describeError, type Logger } from "../../kernel/index.ts";
import type {
  IAgentRuntime,
  Service,
  ServiceClass,
  ServiceHealth,
  ServiceRegistrationStatus,
} from "../contract/index.ts";

/** elizaOS's ServiceType.TASK: the one service every runtime has from the start. */
export const TASK_SERVICE_TYPE = "task";

interface Waiter {
  promise: Promise<Service>;
  resolve: (service: Service) => void;
}

export class ServiceRegistry {
  /** Instances by service type, in start order (elizaOS's `runtime.services`). */
  readonly services = new Map<string, Service[]>();
  /** elizaOS's serviceRegistrationStatus: where each type's registration stands. */
  readonly status = new Map<string, ServiceRegistrationStatus>();
  private readonly waiters = new Map<string, Waiter>();

  constructor(private readonly logger: Logger) {}

  /** Starts the class and lists its instance; resolves everyone waiting on its type. */
  async start(runtime: IAgentRuntime, definition: ServiceClass): Promise<Service | undefined> {
    const type = definition.serviceType;
    if (!type) {
      this.logger.warn("service without a serviceType; not started", {
        name: (definition as { name?: string }).name,
      });
      return undefined;
    }
    if (type === TASK_SERVICE_TYPE) {
      // elizaOS's TaskService (plugin-bootstrap's) polls on a one-second timer and runs tasks
      // outside the leases: beside runDueTasks() every queued task would run twice, and on a
      // frozen isolate not at all. eliza-edge's own TaskService answers for it.
      const name = (definition as { name?: string }).name || type;
      this.logger.info(
        `Service ${name} (elizaOS's task service) not started: eliza-edge's TaskService ` +
          'answers getService("task") and runs tasks from runDueTasks()',
      );
      return this.get(type) ?? undefined;
    }
    this.status.set(type, "registering");
    let instance: Service | undefined;
    try {
      if (typeof definition.start !== "function") {
        throw new Error(`Service ${type} has no static start(runtime) method`);
      }
      instance = await definition.start(runtime);
      if (!instance) throw new Error(`Service ${type}: start() returned nothing`);
    } catch (error) {
      this.status.set(type, "failed");
      throw error;
    }
    this.list(type, instance);
    this.status.set(type, "registered");
    definition.registerSendHandlers?.(runtime, instance);
    return instance;
  }

  /** Lists a service eliza-edge provides itself (the task service), as if started. */
  provide(type: string, instance: Service): Service {
    return this.list(type, instance);
  }

  /** elizaOS's getServiceHealth: each type's status, instance count and whether it is awaited. */
  health(): ServiceHealth {
    const health: ServiceHealth = {};
    for (const type of new Set([...this.services.keys(), ...this.status.keys()])) {
      health[type] = {
        status: this.status.get(type) ?? (this.services.has(type) ? "registered" : "unknown"),
        instances: this.services.get(type)?.length ?? 0,
        hasPromise: this.waiters.has(type),
      };
    }
    return health;
  }

  private list(type: string, instance: Service): Service {
    const list = this.services.get(type) ?? [];
    list.push(instance);
    this.services.set(type, list);
    this.waiter(type).resolve(instance);
    return instance;
  }

  get<T extends Service>(type: string): T | null {
    return (this.services.get(type)?.[0] as T | undefined) ?? null;
  }

  getAll<T extends Service>(type: string): T[] {
    return (this.services.get(type) ?? []) as T[];
  }

  has(type: string): boolean {
    return (this.services.get(type)?.length ?? 0) > 0;
  }

  /** Resolves with the first instance of the type, now if started, else when it starts. */
  loadPromise(type: string): Promise<Service> {
    return this.waiter(type).promise;
  }

  /** Stops every instance; one failing stop is logged and the others still stop. */
  async stopAll(): Promise<void> {
    for (const [type, instances] of this.services) {
      for (const instance of instances) {
        try {
          await instance.stop?.();
        } catch (error) {
          this.logger.error(`service ${type} failed to stop`, { error: describeError(error) });
        }
      }
    }
    this.services.clear();
    this.waiters.clear();
  }

  private waiter(type: string): Waiter {
    let waiter = this.waiters.get(type);
    if (!waiter) {
      let resolve!: (service: Service) => void;
      const promise = new Promise<Service>((r) => {
        resolve = r;
      });
      waiter = { promise, resolve };
      this.waiters.set(type, waiter);
    }
    return waiter;
  }
}

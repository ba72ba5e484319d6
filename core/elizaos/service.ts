// elizaOS's Service base class and its builders, as @elizaos/core exports them. The class is
// the runtime's (core/runtime/services/service-base.ts); the builders make subclasses of it.
import type { Metadata } from "../kernel/index.ts";
import { type IAgentRuntime, ServiceBase as Service } from "../runtime/index.ts";

export { Service };

type ServiceRuntime = IAgentRuntime;

/** What `defineService`/`ServiceBuilder.build` return: a concrete Service class. */
export interface ServiceClass<T extends Service = Service> {
  new (runtime?: ServiceRuntime): T;
  serviceType: string;
  start(runtime: ServiceRuntime): Promise<T>;
}

/** Builds a Service class from functions instead of a subclass. */
export class ServiceBuilder<TService extends Service = Service> {
  protected serviceType: string;
  protected description = "";
  protected startFn?: (runtime: ServiceRuntime) => Promise<TService>;
  protected stopFn?: () => Promise<void>;

  constructor(serviceType: string) {
    this.serviceType = serviceType;
  }

  withDescription(description: string): this {
    this.description = description;
    return this;
  }

  withStart(startFn: (runtime: ServiceRuntime) => Promise<TService>): this {
    this.startFn = startFn;
    return this;
  }

  withStop(stopFn: () => Promise<void>): this {
    this.stopFn = stopFn;
    return this;
  }

  build(): ServiceClass<TService> {
    const { serviceType, description, startFn, stopFn } = this;
    class BuiltService extends Service {
      static override serviceType = serviceType;
      override capabilityDescription = description;
      static override async start(runtime: ServiceRuntime): Promise<Service> {
        if (!startFn) throw new Error(`Start function not defined for service ${serviceType}`);
        return startFn(runtime);
      }
      override async stop(): Promise<void> {
        await stopFn?.();
      }
    }
    return BuiltService as unknown as ServiceClass<TService>;
  }
}

export function createService<TService extends Service = Service>(
  serviceType: string,
): ServiceBuilder<TService> {
  return new ServiceBuilder<TService>(serviceType);
}

export interface ServiceDefinition<T extends Service = Service> {
  serviceType: string;
  description: string;
  start: (runtime: ServiceRuntime) => Promise<T>;
  stop?: () => Promise<void>;
}

export function defineService<T extends Service = Service>(
  definition: ServiceDefinition<T>,
): ServiceClass<T> {
  return createService<T>(definition.serviceType)
    .withDescription(definition.description)
    .withStart(definition.start)
    .withStop(definition.stop ?? (async () => {}))
    .build();
}

/** A service with a `process` method (elizaOS's TypedService). */
export interface TypedService<
  ConfigType extends Metadata = Metadata,
  InputType = unknown,
  ResultType = unknown,
> extends Service {
  config?: ConfigType;
  process(input: InputType): Promise<ResultType>;
}

export function getTypedService<
  ConfigType extends Metadata = Metadata,
  InputType = unknown,
  ResultType = unknown,
>(
  runtime: ServiceRuntime,
  serviceType: string,
): TypedService<ConfigType, InputType, ResultType> | null {
  const lookup = (runtime as { getService?: (type: string) => unknown }).getService;
  const found = lookup?.call(runtime, serviceType);
  return (found as TypedService<ConfigType, InputType, ResultType> | undefined) ?? null;
}

export interface ServiceError {
  code: string;
  message: string;
  details?: Record<string, unknown> | string | number | boolean | null;
  cause?: Error;
}

export function createServiceError(error: unknown, code = "UNKNOWN_ERROR"): ServiceError {
  if (error instanceof Error) return { code, message: error.message, cause: error };
  return { code, message: String(error) };
}

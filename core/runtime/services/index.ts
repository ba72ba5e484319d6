// elizaOS's service registry and Service base class.
export { ServiceRegistry, TASK_SERVICE_TYPE } from "./registry.ts";
export { ServiceBase } from "./service-base.ts";

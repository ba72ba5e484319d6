// TODO describe core/runtime/services
export { ServiceRegistry, TASK_SERVICE_TYPE } from "./registry.ts";
export { ServiceBase } from "./service-base.ts";

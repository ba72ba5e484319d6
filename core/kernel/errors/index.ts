// TODO describe core/kernel/errors
export { DeliveryError } from "./delivery-error.ts";
export { describeError } from "./describe-error.ts";

// Errors shared by every layer, and one safe log line for any error.
export { DeliveryError } from "./delivery-error.ts";
export { describeError } from "./describe-error.ts";

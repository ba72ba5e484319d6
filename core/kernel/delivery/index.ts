// Where a send stands, for the record of it: what recovery may send again after a crash.
export {
  type DeliveryProgress,
  deliveryProgressOf,
  NOT_SENT_YET,
  trackDelivery,
} from "./progress.ts";

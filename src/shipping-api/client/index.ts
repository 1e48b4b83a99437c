export { ShippingClient } from "./shipping-client"
export type {
  ShippingClientConfig,
  ShippingRoots,
  ShippingLogger,
  FetchLike,
  RootName,
  CallRecord,
  CallObserver,
} from "./config"
export type {
  OperationRequest,
  HttpMethod,
  RetryPolicy,
  CallOptions,
} from "./request"
export { clearTokenCache, refreshMarginMs } from "./token-cache"
export {
  carrierToWire,
  carrierFromWire,
  applyCarrierCodes,
  neutralCarriers,
} from "./carrier-codes"
export {
  createWithRecovery,
  randomTransactionId,
  isAmbiguousCreateFailure,
  DEFAULT_MAX_CREATE_ATTEMPTS,
  type CreateFlowOptions,
  type CreateFlowSteps,
  type CreateShipmentResult,
} from "./create-flow"
export {
  DEFAULT_BACKOFF,
  fullJitterDelay,
  parseRetryAfter,
  type BackoffSettings,
} from "./backoff"
export { Limiter } from "./limiter"
export {
  isAlreadyVoided,
  type CreateShipmentOptions,
  type ShipmentVariantOptions,
  type VoidShipmentResult,
} from "./shipment-calls"
export { IdentityTracker, type ServiceIdentity } from "./service-identity"

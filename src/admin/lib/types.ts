/** Type-only, from the backend's view builders: no backend code reaches the admin bundle. */
export type { AdminOrderShipments } from "../../orchestration/labels/order-shipments"
export type { ShipmentView, LabelView } from "../../lib/views/shipment-view"
export type { AdminTimelineEntry } from "../../lib/views/timeline"
export type { AutoFulfillmentView } from "../../lib/views/auto-fulfillment-view"
export type { ServiceView } from "../../lib/views/service-view"
export type {
  ConnectionCheck,
  RootCheck,
} from "../../orchestration/connection/connection-check"
export type { CloseOutResult } from "../../orchestration/manifests/close-out"
export type { ManifestView } from "../../lib/manifests/record"

export type { WebhookStatus } from "../../orchestration/webhooks/webhook-registration"
export type { SenderContact } from "../../lib/contact/changes"
export type { OrphanView } from "../../lib/views/orphan-view"
export type { ReturnsGuardView } from "../../lib/returns/refusal"
export type { WaitingReturnLabelView } from "../../lib/returns/waiting-label"
export type {
  HealthView,
  HealthItem,
  HealthStatus,
} from "../../lib/views/health-view"
export type { ParcelInfo } from "../../lib/views/shipment-view"
export type { ReadyOrder, ReadyView } from "../../lib/batches/ready-view"
export type { ReadyToShipPage } from "../../orchestration/batches/ready-to-ship"
export type {
  BatchView,
  BatchItemView,
  BatchFile,
} from "../../lib/batches/views"
export type { ReadinessReport } from "../../orchestration/setup-shipping/readiness"
export type {
  VariantReadiness,
  ReadinessProblem,
} from "../../providers/shipping-services/readiness"
export type {
  SetupPlan,
  LocationPlan,
  OptionPlan,
  ZonePlan,
  FlatAmount,
} from "../../lib/setup-shipping/types"
export type { SetupApplyResult } from "../../orchestration/setup-shipping/setup-shipping"

import type { InferTypeOf } from "@medusajs/framework/types"
import { AutoFulfillment } from "./auto-fulfillment"
import { Batch, BatchItem } from "./batch"
import { Document } from "./document"
import { OrderSpend } from "./order-spend"
import { Setting } from "./setting"
import { Shipment } from "./shipment"
import { TrackingEvent } from "./tracking-event"
import { WebhookRegistration } from "./webhook-registration"

export {
  AutoFulfillment,
  Batch,
  BatchItem,
  Document,
  OrderSpend,
  Setting,
  Shipment,
  TrackingEvent,
  WebhookRegistration,
}

export type ShipmentRecord = InferTypeOf<typeof Shipment>
export type WebhookRegistrationRecord = InferTypeOf<typeof WebhookRegistration>
export type AutoFulfillmentRecord = InferTypeOf<typeof AutoFulfillment>
export type BatchItemRecord = InferTypeOf<typeof BatchItem>

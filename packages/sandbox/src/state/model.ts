import type {
  Carrier,
  Variant,
  WEBHOOK_AUTH_TYPES,
} from "../../../../src/shipping-api/constants"
import type { SandboxAccount } from "../options"
import type { ScenarioName, TimelineEvent } from "../tracking/scenarios"

/** Records of the sandbox's in-memory state; all plain JSON so the state file is a dump of them. */

export type Account = SandboxAccount & { developerPartnerId: string }

export type TokenRecord = { token: string; apiKey: string; expiresAt: number }

export type AuthParams = {
  authType: (typeof WEBHOOK_AUTH_TYPES)[number]
  apiKey?: string
  headerName?: string
  clientID?: string
  secret?: string
  tokenUrl?: string
}

/** Doc 1 request body, as stored (status defaulted to `active`). */
export type WebhookConfig = {
  name: string
  type: "locker" | "tracking"
  events: string[]
  url: string
  timeOut?: number
  status: "active" | "in-active"
  authParams: AuthParams
}

export type WebhookConfigRecord = {
  webHookConfigID: string
  apiKey: string
  createdAt: number
  config: WebhookConfig
}

export type DocumentSpec = {
  type: string
  size?: string
  fileFormat: string
  contentType: string
  printDialogOption?: string
  resolution?: string
}

/** One scripted tracking event; `at` is sandbox epoch ms. */

/** Doc 2 Address, as the sandbox keeps it (after postal normalisation). */
export type Address = {
  company?: string
  name?: string
  phone?: string
  email?: string
  residential?: boolean
  addressLines?: string[]
  cityTown?: string
  stateProvince?: string
  postalCode?: string
  countryCode?: string
  carrierRoute?: string
  deliveryPoint?: string
  status?: string
}

export type ShipmentRecord = {
  shipmentId: string
  parcelTrackingNumber: string
  apiKey: string
  carrier: Carrier
  variant: Variant
  serviceId: string
  parcelType: string
  transactionId: string
  createdAt: number
  state: "created" | "voided"
  voidedAt?: number
  isReturn: boolean
  addToManifest: boolean
  manifestId?: string
  reprints: number
  /** The Shipment object returned by create, without document contents (rendered on demand). */
  response: Record<string, unknown>
  documents: DocumentSpec[]
  totalCarrierCharge: number
  currencyCode: string
  scenario: ScenarioName
  timeline: TimelineEvent[]
  /** How many timeline events have been emitted to webhooks. */
  emitted: number
  /** Planned delivery instant (tracking's estimatedDelivery*). */
  estimatedDeliveryAt: number
  weightLb: number
  dimension?: {
    length: number
    width: number
    height: number
    unitOfMeasurement: string
  }
  referenceNumber?: string
  smartLabelBarcode?: string
}

export type FileRecord = {
  fileId: string
  kind: "label" | "manifest"
  /** shipmentId or manifestId. */
  ref: string
  docIndex: number
  page?: number
  /** Reprint number the file belongs to (0 = the original print). */
  print: number
  expiresAt: number
}

export type ContactRecord = {
  contactId: string
  apiKey: string
  idType?: string
  name: string
  company?: string
  email?: string
  phone?: string
  updatedAt?: string
}

export type ManifestRecord = {
  manifestId: string
  manifestTrackingNumber: string
  apiKey: string
  carrier: string
  submissionDate: string
  shipperId: string
  parcelTrackingNumbers: string[]
  createdAt: number
}

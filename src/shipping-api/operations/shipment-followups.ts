import { CANCEL_INITIATOR, HEADER, type Carrier } from "../constants"
import type { ManifestRequest } from "../schemas/manifest"
import { reprintRequestSchema, retryQuerySchema } from "../schemas/retry"
import { voidRequestSchema } from "../schemas/void"
import {
  RETRY_RESOURCES,
  VOID_RESOURCES,
  validateManifestRequest,
  type CarrierCodes,
} from "../rules"
import {
  SHIPMENT_PATHS,
  asNeutral,
  checkWith,
  failIf,
  headers,
  JSON_BODY,
  transactionIdViolations,
  UNIFIED_ERRORS,
} from "./builder-parts"
import type { Built } from "./builder-parts"

/** Doc 4, after an ambiguous create. */
export function buildRetryShipment(input: {
  originalTransactionId: string
  carrier: Carrier
  acceptLanguage?: string
}): Built {
  const checked = checkWith(
    retryQuerySchema,
    {
      originalTransactionId: input.originalTransactionId,
      carrier: input.carrier,
    },
    RETRY_RESOURCES
  )
  if (!checked.ok) return checked
  return {
    ok: true,
    method: "GET",
    root: "base",
    path: SHIPMENT_PATHS.shipments,
    query: {
      originalTransactionId: checked.value.originalTransactionId,
      carrier: checked.value.carrier,
    },
    headers: headers({
      ...UNIFIED_ERRORS,
      [HEADER.acceptLanguage]: input.acceptLanguage,
    }),
  }
}

/** Doc 4 reprint; at most LIMITS.reprints. */
export function buildReprintShipment(input: {
  shipmentId: string
  carrier: Carrier
  acceptLanguage?: string
}): Built {
  const checked = checkWith(
    reprintRequestSchema,
    { shipmentId: input.shipmentId, carrier: input.carrier },
    RETRY_RESOURCES
  )
  if (!checked.ok) return checked
  return {
    ok: true,
    method: "GET",
    root: "base",
    path: `${SHIPMENT_PATHS.shipments}/${encodeURIComponent(checked.value.shipmentId)}`,
    query: { carrier: checked.value.carrier },
    headers: headers({
      ...UNIFIED_ERRORS,
      [HEADER.acceptLanguage]: input.acceptLanguage,
    }),
  }
}

/** Doc 4: with a new transaction id. */
export function buildVoidShipment(input: {
  shipmentId: string
  carrier: Carrier
  transactionId: string
  carrierAccountId?: string
  acceptLanguage?: string
}): Built {
  const checked = checkWith(
    voidRequestSchema,
    {
      shipmentId: input.shipmentId,
      carrier: input.carrier,
      cancelInitiator: CANCEL_INITIATOR,
      transactionId: input.transactionId,
    },
    VOID_RESOURCES
  )
  if (!checked.ok) {
    // The transaction id is a header: report it where the other builders do.
    return {
      ok: false,
      violations: checked.violations.map((v) =>
        v.path === "transactionId"
          ? { ...v, path: `headers.${HEADER.transactionId}` }
          : v
      ),
    }
  }
  return {
    ok: true,
    method: "DELETE",
    root: "base",
    path: `${SHIPMENT_PATHS.shipments}/${encodeURIComponent(checked.value.shipmentId)}`,
    query: {
      carrier: checked.value.carrier,
      cancelInitiator: CANCEL_INITIATOR,
    },
    headers: headers({
      ...UNIFIED_ERRORS,
      [HEADER.transactionId]: checked.value.transactionId,
      [HEADER.acceptLanguage]: input.acceptLanguage,
      [HEADER.carrierAccountId]:
        input.carrier === "CARRIER_A" ? input.carrierAccountId : undefined,
    }),
  }
}

export function buildManifest(input: {
  manifest: unknown
  transactionId: string
  acceptLanguage?: string
  carrierCodes?: CarrierCodes
}): Built {
  const manifest = input.manifest as { carrier?: unknown } | undefined
  const neutral =
    manifest && typeof manifest === "object"
      ? {
          ...manifest,
          carrier: asNeutral(manifest.carrier, input.carrierCodes),
        }
      : manifest
  const checked = validateManifestRequest(neutral)
  const failed = failIf([
    ...transactionIdViolations(input.transactionId),
    ...(checked.ok ? [] : checked.violations),
  ])
  if (failed || !checked.ok) return failed ?? { ok: false, violations: [] }
  return {
    ok: true,
    method: "POST",
    root: "base",
    path: SHIPMENT_PATHS.manifests,
    query: {},
    headers: headers({
      ...JSON_BODY,
      ...UNIFIED_ERRORS,
      [HEADER.transactionId]: input.transactionId,
      [HEADER.acceptLanguage]: input.acceptLanguage,
    }),
    body: checked.value satisfies ManifestRequest,
  }
}

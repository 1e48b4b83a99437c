import {
  ALREADY_VOIDED_ERROR_CODE,
  CANCEL_INITIATOR,
  VOID_STATUSES,
  type Carrier,
} from "../../../../src/shipping-api/constants"
import {
  reprintLimitRule,
  retryWindowRule,
  voidedShipmentRule,
} from "../../../../src/shipping-api/rules/service-state"
import { voidRefusal } from "../../../../src/shipping-api/rules/void"
import {
  carrierOf,
  checkReprint,
  checkRetry,
  checkVoid,
  stateError,
} from "../contract"
import { responseDocuments } from "../documents"
import { apiError, violationsError } from "../http/errors"
import type { Handler, RequestContext } from "../http/router"
import type { ShipmentRecord } from "../state/model"

/** The query's carrier (the account's wire code) names the shipment's carrier. */
function carrierMatches(ctx: RequestContext, s: ShipmentRecord): boolean {
  return (
    carrierOf(ctx.query.get("carrier"), ctx.account.carrierCodes) === s.carrier
  )
}

/** Doc 4: GET /v1/shipments?originalTransactionId=&carrier= → the Shipment if created in the last 24 hours. */
export const retryShipment: Handler = (ctx) => {
  const { world, account, query } = ctx
  const violations = checkRetry(query)
  if (violations.length) throw violationsError(violations)
  const id = query.get("originalTransactionId")!
  const s = world.store.shipmentByTransaction(account.apiKey, id)
  if (!s || !carrierMatches(ctx, s)) {
    throw apiError(
      404,
      "SHIPMENT_NOT_FOUND",
      `no shipment was created with transaction id ${id} for carrier ${query.get("carrier")}`,
      ["originalTransactionId"]
    )
  }
  const expired = retryWindowRule.refusal({
    transactionId: id,
    createdAt: s.createdAt,
    now: world.clock.now(),
  })
  if (expired) throw stateError(expired, ["originalTransactionId"])
  return {
    status: 200,
    body: { ...s.response, documents: responseDocuments(world, s, s.reprints) },
  }
}

function owned(ctx: RequestContext): ShipmentRecord {
  const s = ctx.world.store.shipment(ctx.account.apiKey, ctx.params.shipmentId!)
  if (!s || !carrierMatches(ctx, s)) {
    throw apiError(
      404,
      "SHIPMENT_NOT_FOUND",
      `no shipment ${ctx.params.shipmentId} for carrier ${ctx.query.get("carrier")}`,
      ["shipmentId"]
    )
  }
  return s
}

/** Doc 4: GET /v1/shipments/{shipmentId}?carrier= → the Shipment with documents; at most 3 reprints. */
export const reprintShipment: Handler = (ctx) => {
  const violations = checkReprint(ctx.params.shipmentId!, ctx.query)
  if (violations.length) throw violationsError(violations)
  const s = owned(ctx)
  const refusal = voidedShipmentRule.refusal({
    shipmentId: s.shipmentId,
    voided: s.state === "voided",
    operation: "reprint",
  })
  if (refusal) throw stateError(refusal, ["shipmentId"])
  const limit = reprintLimitRule.refusal({
    shipmentId: s.shipmentId,
    reprints: s.reprints,
  })
  if (limit) throw stateError(limit, ["shipmentId"])
  s.reprints++
  ctx.world.saver.touch()
  return {
    status: 200,
    body: {
      ...s.response,
      documents: responseDocuments(ctx.world, s, s.reprints),
    },
  }
}

/**
 * Doc 4: DELETE /v1/shipments/{shipmentId}?carrier=&cancelInitiator=SHIPPER. Postal refunds are
 * requested (INITIATED); other carriers cancel at once (APPROVED). A voided shipment's timeline
 * stops where it is.
 */
export const voidShipment: Handler = (ctx) => {
  const { world, params, query, header } = ctx
  const violations = checkVoid({
    shipmentId: params.shipmentId,
    carrier: query.get("carrier") ?? undefined,
    cancelInitiator: query.get("cancelInitiator") ?? undefined,
    transactionId: header("x-vendor-transactionid"),
  })
  if (violations.length) throw violationsError(violations)
  const s = owned(ctx)
  if (s.state === "voided")
    throw apiError(
      400,
      ALREADY_VOIDED_ERROR_CODE,
      `shipment ${s.shipmentId} is already voided`,
      ["shipmentId"]
    )
  const now = world.clock.now()
  const refusal = voidRefusal(
    {
      carrier: s.carrier as Carrier,
      createdAt: s.createdAt,
      isReturn: s.isReturn,
      parcelType: s.parcelType,
    },
    now
  )
  if (refusal)
    throw apiError(
      400,
      refusal.code,
      refusal.message,
      ["shipmentId"],
      "doc 4, Void"
    )
  // Postal refunds are requested, not granted on the spot.
  const status: (typeof VOID_STATUSES)[number] =
    s.carrier === "POSTAL" ? "INITIATED" : "APPROVED"
  s.state = "voided"
  s.voidedAt = now
  s.timeline = s.timeline.filter((e, i) => i < s.emitted || e.at <= now)
  world.saver.touch()
  return {
    status: 200,
    body: {
      carrier: s.carrier,
      cancelInitiator: CANCEL_INITIATOR,
      parcelTrackingNumber: s.parcelTrackingNumber,
      totalCarrierCharge: s.totalCarrierCharge,
      status,
    },
  }
}

import { MedusaError } from "@medusajs/framework/utils"
import type { PluginOptions } from "../../options"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import type { ShipmentRecord } from "../../modules/shipping-services/models"
import type { ShippingClient } from "../../shipping-api/client"
import { ShippingValidationError } from "../../shipping-api/errors"
import { holdsShipment } from "../../lib/shipments/fulfillment-data"
import type { BuildShipmentInput } from "./mapping/build-shipment"
import { parcelRequestKeyOf } from "./mapping/fulfillment-input"
import type { ChosenParcel } from "./mapping/packing"
import {
  checkPlan,
  createOptionsOf,
  planShipment,
  type ShipmentPlan,
} from "./mapping/plan"
import { toMedusaError } from "./medusa-error"
import { quotePolicyOf, ratedParcel, ruleCheck } from "./pricing"
import { purchaseLabel, type LabelClient } from "./purchase"
import { processQuotes } from "./quotes"
import { shopParcel, type ShownAtCheckout } from "./rate-shopping"

/** The provider passes its own; the plugin's workflows theirs (a return label after an exchange or claim). */
export type ParcelPurchaseDeps = {
  options: PluginOptions
  journal: () => ShippingServicesModuleService
  client: () => LabelClient & Pick<ShippingClient, "checkShipment" | "getRates">
  reusable: (
    row: ShipmentRecord,
    fulfillmentId: string | null
  ) => Promise<boolean>
}

/**
 * One label per parcel, in turn: a failure stops further purchases, and bought labels are found again by key
 * on repeat. A rate-shopping parcel is bought with its chosen service.
 */
export async function buyParcels(
  deps: ParcelPurchaseDeps,
  input: {
    build: BuildShipmentInput
    fulfillmentId: string | null
    orderId: string
    chosen?: ChosenParcel[]
    /** The promise and its services kept from checkout. */
    shown?: ShownAtCheckout
  }
): Promise<ShipmentRecord[]> {
  const { service } = input.build
  const plan = planShipment(input.build, input.chosen)
  if (!plan.ok) throw invalid(planFailure(plan))
  // All parcels checked first: the third parcel's broken rule must not leave the first two bought.
  const broken = checkPlan(plan.parcels, (built) =>
    deps.client().checkShipment(built.request, createOptionsOf(built, service))
  )
  if (broken.length)
    throw toMedusaError(
      new ShippingValidationError({
        operation: "createShipment",
        violations: broken,
      })
    )
  const rows: ShipmentRecord[] = []
  const count = plan.parcels.length
  const pricing = {
    client: deps.client,
    shipments: deps.journal,
    quotes: processQuotes,
    policy: quotePolicyOf(deps.options),
  }
  for (const [index, parcel] of plan.parcels.entries()) {
    const items = parcel.lines.map((l) => ({
      line_item_id: l.line.id,
      quantity: l.quantity,
    }))
    const requestKey = parcelRequestKeyOf(
      input.orderId,
      input.build.direction,
      items,
      index,
      count
    )
    const shopped = service.rateShopping
      ? await shopParcel(
          {
            journal: deps.journal,
            rate: (p) =>
              ratedParcel(pricing, service, p, input.build.order.currency_code),
            check: ruleCheck(pricing, service),
          },
          {
            service,
            parcel,
            requestKey,
            currency: input.build.order.currency_code,
            promise: input.shown?.promise ?? null,
            promisedServiceId:
              input.shown?.service_ids[index] ??
              input.shown?.service_ids[0] ??
              null,
          }
        )
      : null
    rows.push(
      await purchaseLabel(deps.journal(), deps.client(), {
        requestKey,
        reusable: (r) => deps.reusable(r, input.fulfillmentId),
        fulfillmentId: input.fulfillmentId,
        orderId: input.orderId,
        service: shopped?.service ?? service,
        built: shopped?.built ?? parcel.built,
        rateChoice: shopped?.choice,
        isReturn: input.build.direction === "return",
        parcel: {
          index,
          count,
          contents: {
            items,
            weight_oz: parcel.parcel.weightOz,
            ...(parcel.box ? { box: parcel.box } : {}),
            ...(parcel.built.insured ? { insured: parcel.built.insured } : {}),
            ...(parcel.built.hazmat ? { hazmat: parcel.built.hazmat } : {}),
          },
        },
      })
    )
  }
  return rows
}

export type HolderFulfillment = {
  id: string
  canceled_at?: Date | string | null
  data?: Record<string, unknown> | null
}

/**
 * Another fulfillment's label may be taken unless that fulfillment exists, is not canceled, carries the label
 * and is linked (Medusa links last): a half-made one fails one of these.
 */
export async function reusableLabel(
  row: Pick<ShipmentRecord, "id" | "fulfillment_id">,
  fulfillmentId: string | null,
  lookups: {
    /** Undefined: nothing of another is taken. */
    fulfillment?: (id: string) => Promise<HolderFulfillment | undefined>
    linked: (ids: string[]) => Promise<Set<string>>
  }
): Promise<boolean> {
  if (!row.fulfillment_id || row.fulfillment_id === fulfillmentId) return true
  if (!lookups.fulfillment) return false
  const holder = await lookups.fulfillment(row.fulfillment_id)
  if (!holder || holder.canceled_at || !holdsShipment(holder.data, row.id))
    return true
  const linked = await lookups.linked([holder.id])
  return !linked.has(holder.id)
}

/** In the purchase's usual words. */
export function planFailure(
  plan: Extract<ShipmentPlan, { ok: false }>
): string {
  if (plan.stage === "packing")
    return `The parcels cannot be packed: ${plan.problems.map((v) => `${v.path}: ${v.message}`).join("; ")}`
  const several = (plan.parcelCount ?? 1) > 1
  return `The shipment cannot be created: ${plan.problems
    .map(
      (v) => `${several ? `parcel ${(v.parcel ?? 0) + 1}: ` : ""}${v.message}`
    )
    .join("; ")}`
}

function invalid(message: string): MedusaError {
  return new MedusaError(MedusaError.Types.INVALID_DATA, message)
}

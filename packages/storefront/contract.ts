/**
 * The kit's answer types against the plugin's own views, checked by `npm run typecheck`
 * (tsconfig.contract.json): a field added, removed or retyped on either side fails the build.
 * The kit narrows two strings the plugin keeps loose: the package status and the carrier, to the
 * values of the service's documents (the carriers checked equal here; the statuses, a plain
 * string in the plugin's types, by the kit's format.unit.spec against the plugin's list).
 */
import type {
  CanceledReturn,
  Carrier,
  CartCheck,
  CheckoutProblem,
  CustomerReturn,
  EstimatedDelivery,
  Parcel,
  ReturnLabel,
  TimelineEntry,
} from "./src/types.js"
import type { ParcelView } from "../../src/lib/views/parcel-view.js"
import type { TimelineEntry as PluginTimelineEntry } from "../../src/lib/views/timeline.js"
import type { EstimatedDelivery as PluginEstimate } from "../../src/lib/views/estimated-delivery.js"
import type {
  CustomerReturnView,
  ReturnLabelView,
} from "../../src/lib/views/return-view.js"
import type { CanceledReturnView } from "../../src/orchestration/returns/cancel-return.js"
import type { CartCheck as PluginCartCheck } from "../../src/orchestration/checkout/checkout-check.js"
import type { CheckoutProblem as PluginProblem } from "../../src/providers/shipping-services/mapping/checkout-problems.js"
import type { Carrier as PluginCarrier } from "../../src/shipping-api/constants.js"

/** Identical types: the same fields, optional or not, of the same types (not mere assignability). */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2
    ? true
    : false
/** The kit's type with its two narrowed fields as the plugin has them. */
type Loose<T> = {
  [K in keyof T]: K extends "status" | "carrier"
    ? Extract<T[K], null> | string
    : T[K] extends (infer E)[]
      ? Loose<E>[]
      : T[K]
}

export const contract: {
  carrier: Same<Carrier, PluginCarrier>
  timeline: Same<Loose<TimelineEntry>, PluginTimelineEntry>
  estimate: Same<EstimatedDelivery, PluginEstimate>
  parcel: Same<Loose<Parcel>, ParcelView>
  returnLabel: Same<ReturnLabel, ReturnLabelView>
  customerReturn: Same<CustomerReturn, CustomerReturnView>
  canceled: Same<CanceledReturn, CanceledReturnView>
  problem: Same<CheckoutProblem, PluginProblem>
  check: Same<CartCheck, PluginCartCheck>
} = {
  carrier: true,
  timeline: true,
  estimate: true,
  parcel: true,
  returnLabel: true,
  customerReturn: true,
  canceled: true,
  problem: true,
  check: true,
}

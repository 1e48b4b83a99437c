import type { CreateFulfillmentResult } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { ServiceOption } from "../../options"
import { awaitingReturnLabelData } from "../../lib/shipments/fulfillment-data"
import {
  returnQuantityViolations,
  type OrderLineQuantities,
} from "../../lib/returns/returnable"
import { asArray } from "./collections"
import type { MedusaAddressLike, ServiceAddress } from "./mapping/address"
import type { ParcelPurchaseDeps } from "./parcel-purchase"
import type { ProviderPorts } from "./ports"
import {
  returnDestination,
  returnLabel,
  type ReturnedLine,
} from "./return-label"

/** Its items may be an ORM collection. */
export type ReturnFulfillmentInput = {
  id?: string
  location_id?: string
  items?: unknown
  delivery_address?: MedusaAddressLike | null
  shipping_option?: { data?: Record<string, unknown> | null } | null
  data?: Record<string, unknown> | null
}

/**
 * A return label from the customer to the return location (order found from the returned lines). An exchange's or
 * claim's return comes without lines, and Medusa may still refuse the change, so it only waits here; its label is
 * bought once Medusa confirmed the change.
 */
export async function returnFulfillment(
  deps: ParcelPurchaseDeps & {
    ports: ProviderPorts
    /** Or the refusal in the admin's words. */
    originOf: (address: MedusaAddressLike | null | undefined) => ServiceAddress
  },
  service: ServiceOption,
  f: ReturnFulfillmentInput
): Promise<CreateFulfillmentResult> {
  const items = asArray<ReturnedLine>(f.items)
  const lineItemIds = items
    .map((i) => i.line_item_id)
    .filter((id): id is string => !!id)
  const destination = await returnDestination(deps.ports, f)
  if (!lineItemIds.length) {
    // What would stop the later purchase anyway is refused now.
    deps.originOf(destination)
    return {
      data: awaitingReturnLabelData(f.data, service.id),
      labels: [],
    }
  }
  const order = await deps.ports.orderOfLineItems(lineItemIds)
  if (!order)
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "The order of this return was not found"
    )
  // Medusa checks this only after the label is bought, and return labels cannot be voided: ask first.
  const refused = returnQuantityViolations(
    asArray<OrderLineQuantities>(order.items),
    items
  )
  if (refused.length)
    throw new MedusaError(MedusaError.Types.INVALID_DATA, refused.join(" "))
  const { result } = await returnLabel(deps, {
    service,
    order,
    lines: items,
    destination,
    fulfillment: { id: f.id ?? null, data: f.data },
  })
  return result
}

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

/** The return fulfillment Medusa hands the provider (its items may be an ORM collection). */
export type ReturnFulfillmentInput = {
  id?: string
  location_id?: string
  /** An array or an ORM collection of ReturnedLine. */
  items?: unknown
  delivery_address?: MedusaAddressLike | null
  shipping_option?: { data?: Record<string, unknown> | null } | null
  data?: Record<string, unknown> | null
}

/**
 * A return label for a return fulfillment (the provider's createReturnFulfillment): from the
 * customer to the return location (Medusa passes that location's address as delivery_address,
 * and no order: it is found from the returned lines). The return part of an exchange or a claim
 * comes without returned lines (Medusa lists every order item, with no line item id, and no
 * return, order or customer): nothing is bought here, where Medusa may still refuse the change
 * and a return label cannot be voided. The fulfillment is marked as waiting, and its label is
 * bought once Medusa confirmed the change (src/orchestration/returns/change-return-labels.ts).
 */
export async function returnFulfillment(
  deps: ParcelPurchaseDeps & {
    ports: ProviderPorts
    /** The ship-from address, or the refusal in the admin's words. */
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
    // What would stop the later purchase in any case is refused now, in the admin's words.
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
  // Medusa applies this rule only after the label is bought, and a return label cannot be
  // voided: asked first, a return Medusa refuses buys nothing (src/lib/returns/returnable.ts).
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

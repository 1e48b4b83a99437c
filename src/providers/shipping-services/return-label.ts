import type { CreateFulfillmentResult } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { ServiceOption } from "../../options"
import type { ShipmentRecord } from "../../modules/shipping-services/models"
import {
  DATA_KEY,
  dataRefOf,
  medusaLabelsOf,
} from "../../lib/shipments/fulfillment-data"
import { withCatalog } from "./catalog"
import { NO_ORIGIN } from "./checkout"
import type { MedusaAddressLike } from "./mapping/address"
import { shippedLines } from "./mapping/fulfillment-input"
import { originAddressOf } from "./mapping/origin"
import type { OrderLike } from "./mapping/types"
import { buyParcels, type ParcelPurchaseDeps } from "./parcel-purchase"
import type { ProviderPorts } from "./ports"

export type ReturnedLine = {
  line_item_id?: string | null
  quantity?: number | string | null
}

/** The return fulfillment's delivery_address, else the stock location's; undefined when neither has one. */
export async function returnDestination(
  ports: Pick<ProviderPorts, "stockLocationAddress">,
  fulfillment: {
    location_id?: string | null
    delivery_address?: MedusaAddressLike | null
  }
): Promise<MedusaAddressLike | undefined> {
  if (fulfillment.delivery_address?.country_code)
    return fulfillment.delivery_address
  return fulfillment.location_id
    ? ports.stockLocationAddress(fulfillment.location_id)
    : undefined
}

/**
 * The one build of a return label, for provider returns and exchange or claim returns: one label per parcel
 * through the never-twice purchase, then what Medusa keeps on the return fulfillment.
 */
export async function returnLabel(
  deps: ParcelPurchaseDeps & {
    ports: Pick<ProviderPorts, "variants" | "products">
  },
  input: {
    service: ServiceOption
    order: Record<string, unknown>
    lines: readonly ReturnedLine[]
    destination: MedusaAddressLike | null | undefined
    fulfillment: { id: string | null; data?: Record<string, unknown> | null }
  }
): Promise<{ rows: ShipmentRecord[]; result: CreateFulfillmentResult }> {
  const order = await withCatalog(
    deps.ports,
    input.order as unknown as OrderLike
  )
  const origin = originAddressOf(deps.options, input.destination)
  if (!origin) throw new MedusaError(MedusaError.Types.INVALID_DATA, NO_ORIGIN)
  const fulfillmentId = input.fulfillment.id
  const rows = await buyParcels(deps, {
    build: {
      order,
      lines: shippedLines(order, input.lines),
      service: input.service,
      options: deps.options,
      origin,
      direction: "return",
    },
    fulfillmentId,
    orderId: order.id,
  })
  return {
    rows,
    result: {
      data: {
        ...(input.fulfillment.data ?? {}),
        [DATA_KEY]: dataRefOf(rows, fulfillmentId),
      },
      labels: medusaLabelsOf(rows, deps.options),
    },
  }
}

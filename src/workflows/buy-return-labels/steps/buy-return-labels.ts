import {
  ContainerRegistrationKeys,
  MedusaError,
  Modules,
} from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CreateFulfillmentResult } from "@medusajs/framework/types"
import { pluginClient } from "../../../lib/plugin-client"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"
import {
  findService,
  unknownServiceMessage,
} from "../../../providers/shipping-services/fulfillment-options"
import {
  reusableLabel,
  type ParcelPurchaseDeps,
} from "../../../providers/shipping-services/parcel-purchase"
import {
  registryPorts,
  type ProviderPorts,
} from "../../../providers/shipping-services/ports"
import {
  returnDestination,
  returnLabel,
} from "../../../providers/shipping-services/return-label"
import type { AwaitingReturn } from "./load-awaiting-return"
import { shippingOf } from "../../../modules/shipping-services"

const SHIPMENTS = "shipping_services_shipment"

/** The labels bought for one return fulfillment, and what Medusa keeps of them on it. */
export type BoughtReturnLabel = {
  fulfillment_id: string
  /** Restored by the next step's compensation. */
  previous_data: Record<string, unknown> | null
  data: CreateFulfillmentResult["data"]
  labels: CreateFulfillmentResult["labels"]
  shipment_ids: string[]
  tracking_numbers: (string | null)[]
}

/** Outside the provider. */
function purchaseDeps(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService
): ParcelPurchaseDeps & { ports: ProviderPorts } {
  const options = shipping.getOptions()
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const fulfillments = container.resolve(Modules.FULFILLMENT)
  return {
    options,
    journal: () => shipping,
    client: () => pluginClient(options, logger),
    reusable: (row, fulfillmentId) =>
      reusableLabel(row, fulfillmentId, {
        fulfillment: async (id) =>
          (
            await fulfillments.listFulfillments(
              { id },
              { select: ["id", "canceled_at", "data"] }
            )
          )[0] as
            | {
                id: string
                canceled_at?: Date | null
                data?: Record<string, unknown> | null
              }
            | undefined,
        linked: (ids) => shipping.medusa().linkedFulfillments(ids),
      }),
    ports: registryPorts,
  }
}

export const buyReturnLabelsStepId = "shipping-services-buy-return-labels"
/** Bought as a store return's, never twice; compensation only frees leases (a return label cannot be voided). */
export const buyReturnLabelsStep = createStep(
  buyReturnLabelsStepId,
  async (input: { awaiting: AwaitingReturn | null }, { container }) => {
    const awaiting = input.awaiting
    if (!awaiting?.fulfillments.length)
      return new StepResponse([] as BoughtReturnLabel[], [] as string[])
    const shipping = shippingOf(container)
    const deps = purchaseDeps(container, shipping)
    const order = await deps.ports.order(awaiting.order_id)
    if (!order)
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `The order ${awaiting.order_id} of return ${awaiting.return_id} was not found`
      )
    const bought: BoughtReturnLabel[] = []
    for (const f of awaiting.fulfillments) {
      const service = findService(deps.options, f.option_data ?? undefined)
      if (!service)
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          unknownServiceMessage(f.option_data)
        )
      const { rows, result } = await returnLabel(deps, {
        service,
        order,
        lines: awaiting.lines,
        destination: await returnDestination(deps.ports, f),
        fulfillment: { id: f.id, data: f.data },
      })
      bought.push({
        fulfillment_id: f.id,
        previous_data: f.data,
        data: result.data,
        labels: result.labels,
        shipment_ids: rows.map((r) => r.id),
        tracking_numbers: rows.map((r) => r.tracking_number),
      })
    }
    return new StepResponse(
      bought,
      bought.flatMap((b) => b.shipment_ids)
    )
  },
  async (shipmentIds, { container }) => {
    if (!shipmentIds?.length) return
    const shipping = shippingOf(container)
    for (const id of shipmentIds) await shipping.leases().release(SHIPMENTS, id)
  }
)

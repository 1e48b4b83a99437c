import type { LinkDefinition } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { SHIPPING_SERVICES_MODULE } from "../../../options/resolve"
import type { StoredLabel } from "./store-label-files"
import { shippingOf } from "../../../modules/shipping-services"

export const linkShipmentsStepId = "shipping-services-link-shipments"
/** Links shipments once in one call; `attach` marks finished fulfillments' labels so recovery leaves them alone. */
export const linkShipmentsStep = createStep(
  linkShipmentsStepId,
  async (
    { stored, attach }: { stored: StoredLabel[]; attach: string[] },
    { container }
  ) => {
    const attachable = stored.filter(
      (s) => s.fulfillment_id && attach.includes(s.fulfillment_id)
    )
    if (attachable.length) {
      await shippingOf(container)
        .journal()
        .markShipmentsAttached(attachable.map((s) => s.shipment_id))
    }
    if (!stored.length)
      return new StepResponse(undefined, [] as LinkDefinition[])
    // One statement: Query on the shipment took three (the shipments, then each link table).
    const linked = await shippingOf(container)
      .medusa()
      .shipmentLinks(stored.map((s) => s.shipment_id))
    const defs: LinkDefinition[] = []
    for (const s of stored) {
      const existing = linked.get(s.shipment_id)
      if (s.fulfillment_id && !existing?.fulfillment) {
        defs.push({
          [Modules.FULFILLMENT]: { fulfillment_id: s.fulfillment_id },
          [SHIPPING_SERVICES_MODULE]: { shipment_id: s.shipment_id },
        })
      }
      if (s.order_id && !existing?.order) {
        defs.push({
          [Modules.ORDER]: { order_id: s.order_id },
          [SHIPPING_SERVICES_MODULE]: { shipment_id: s.shipment_id },
        })
      }
    }
    if (defs.length)
      await container.resolve(ContainerRegistrationKeys.LINK).create(defs)
    return new StepResponse(undefined, defs)
  },
  async (created, { container }) => {
    if (created?.length) {
      await container.resolve(ContainerRegistrationKeys.LINK).dismiss(created)
    }
  }
)

import { emitEventStep } from "@medusajs/medusa/core-flows"
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  RETURN_LABEL_READY_EVENT,
  type ReturnLabelReadyData,
} from "../../lib/returns/label-ready"
import { storeShipmentLabelWorkflow } from "../store-shipment-label"
import { buyReturnLabelsStep } from "./steps/buy-return-labels"
import { loadAwaitingReturnStep } from "./steps/load-awaiting-return"
import { storeReturnLabelsStep } from "./steps/store-return-labels"

export type BuyReturnLabelsInput = {
  return_id: string
  /** How the event bus retries the label_ready subscribers. */
  event_options?: Record<string, unknown>
}

export type BuyReturnLabelsResult = {
  return_id: string
  /** None when every one had them. */
  fulfillment_ids: string[]
}

/**
 * Return labels for an exchange's or claim's return, which Medusa confirms without telling the provider; run after
 * confirmation under the order's return lock. A return whose labels exist runs through and announces nothing.
 */
export const buyReturnLabelsWorkflow = createWorkflow(
  "shipping-services-buy-return-labels",
  (input: BuyReturnLabelsInput) => {
    const awaiting = loadAwaitingReturnStep(
      transform({ input }, ({ input }) => ({ return_id: input.return_id }))
    )
    const bought = buyReturnLabelsStep(
      transform({ awaiting }, ({ awaiting }) => ({ awaiting }))
    )
    const stored = storeReturnLabelsStep(
      transform({ bought }, ({ bought }) => ({ bought }))
    )
    when(
      "shipping-services-return-labels-bought",
      { stored },
      ({ stored }) => stored.length > 0
    ).then(() => {
      storeShipmentLabelWorkflow.runAsStep({
        input: transform({ stored }, ({ stored }) => ({
          fulfillment_ids: stored,
        })),
      })
      emitEventStep(
        transform(
          { awaiting, bought, input },
          ({ awaiting, bought, input }) => ({
            eventName: RETURN_LABEL_READY_EVENT,
            data: {
              return_id: awaiting!.return_id,
              order_id: awaiting!.order_id,
              fulfillment_ids: bought.map((b) => b.fulfillment_id),
              tracking_numbers: bought.flatMap((b) => b.tracking_numbers),
            } satisfies ReturnLabelReadyData,
            options: input.event_options,
          })
        )
      ).config({ name: "shipping-services-emit-return-label-ready" })
    })
    return new WorkflowResponse(
      transform({ input, stored }, ({ input, stored }) => ({
        return_id: input.return_id,
        fulfillment_ids: stored,
      })) as unknown as BuyReturnLabelsResult
    )
  }
)

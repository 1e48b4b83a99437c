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
  /** How the event bus retries the label_ready subscribers (the plugin's event options). */
  event_options?: Record<string, unknown>
}

export type BuyReturnLabelsResult = {
  return_id: string
  /** The fulfillments that got their labels in this run (none when every one had them). */
  fulfillment_ids: string[]
}

/**
 * The return labels of a Medusa return whose fulfillments of the plugin have none yet: the
 * return part of an exchange or a claim, which Medusa confirms without telling the provider which
 * return it is (the provider marks the fulfillment as waiting). Run after Medusa confirmed the
 * change, under the order's return lock (src/orchestration/returns/change-return-labels.ts):
 *
 * 1. the return, its items and its waiting fulfillments (reads);
 * 2. each fulfillment's label bought as a store return's (never twice; no compensation: a return
 *    label cannot be voided);
 * 3. the labels stored on the fulfillments (compensation: the data restored);
 * 4. the labels' files and links, as after any fulfillment of the plugin;
 * 5. `shipping-services.return.label_ready`, the customer's notification among its subscribers:
 *    one of the workflow's grouped events, released only when the labels are stored.
 *
 * A return whose fulfillments hold their labels already (a redelivered event, a second worker
 * after the first) runs through with nothing to do and announces nothing.
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

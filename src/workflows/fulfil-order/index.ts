import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { OrderFacts } from "../../lib/auto-fulfil/attempts"
import {
  claimOrderFulfilmentStep,
  type Claim,
  type FulfilMode,
} from "./steps/claim-order-fulfilment"
import { createOrderFulfillmentStep } from "./steps/create-order-fulfillment"
import { finishOrderFulfilmentStep } from "./steps/finish-order-fulfilment"
import {
  registerUnregisteredFulfillmentsStep,
  remainingItems,
} from "./steps/register-unregistered-fulfillments"

export type FulfilOrderInput = {
  order_id: string
  mode: FulfilMode
  /** The unfulfilled shippable lines; empty when everything is fulfilled already. */
  items: { id: string; quantity: number }[]
  shipping_option_id: string | null
  facts: OrderFacts
  /** When the attempt started (a failed one is retried counting from here). */
  started_at: Date
  /** An admin's "try again now": see ClaimInput. */
  extra_attempt?: boolean
}

export type FulfilOrderResult = {
  claim: Claim
  fulfillment_id: string | null
}

/**
 * Creates the fulfillment (and so, through the provider, the labels) of an order once, for the
 * automatic path (`order.placed`, the retry job, recovery) and an admin's print batch alike:
 * claim the order's row (a lease) → register a fulfillment a stopped process left linked but
 * unregistered (its labels are bought) → Medusa's createOrderFulfillmentWorkflow for the rest, which compensates
 * its own fulfillment and, when it fails, puts its words on the attempt → record the success
 * and give the lease up. When a step fails, the claim's compensation gives the attempt back as
 * failed (with those words), with its retry time.
 * Synchronous and short, so it behaves the same on the in-memory and the Redis workflow engine.
 */
export const fulfilOrderWorkflow = createWorkflow(
  "shipping-services-fulfil-order",
  (input: FulfilOrderInput) => {
    const claim = claimOrderFulfilmentStep({
      order_id: input.order_id,
      facts: input.facts,
      mode: input.mode,
      started_at: input.started_at,
      extra_attempt: input.extra_attempt,
    })

    // A fulfillment an earlier attempt's process left linked but unregistered holds these
    // lines' labels: registered now, and only what it does not cover is bought. Not behind a
    // `when` (see the step): it does nothing itself when there is nothing to look for.
    const registered = registerUnregisteredFulfillmentsStep(
      transform({ input, claim }, ({ input, claim }) => ({
        order_id: input.order_id,
        record_id: claim.claimed ? claim.record_id : null,
        attempts: claim.claimed ? claim.attempts : 0,
        first: claim.claimed ? claim.first : true,
      }))
    )

    const toCreate = transform({ input, registered }, ({ input, registered }) =>
      remainingItems(input.items, registered.items)
    )

    const created = when(
      "shipping-services-fulfil-order-create",
      { claim, toCreate },
      ({ claim, toCreate }) => claim.claimed && toCreate.length > 0
    ).then(() => {
      const create = transform(
        { input, claim, toCreate },
        ({ input, claim, toCreate }) => {
          const made = claim as Extract<Claim, { claimed: true }>
          return {
            order_id: input.order_id,
            items: toCreate,
            shipping_option_id: input.shipping_option_id ?? undefined,
            record_id: made.record_id,
            attempts: made.attempts,
          }
        }
      )
      return createOrderFulfillmentStep(create)
    })

    const fulfillment_id = when(
      "shipping-services-fulfil-order-finish",
      { claim },
      ({ claim }) => claim.claimed
    ).then(() => {
      const finish = transform(
        { claim, input, created, registered },
        ({ claim, input, created, registered }) => ({
          record_id: (claim as Extract<Claim, { claimed: true }>).record_id,
          attempts: (claim as Extract<Claim, { claimed: true }>).attempts,
          mode: input.mode,
          fulfillment_id: created?.id ?? registered.fulfillment_ids[0] ?? null,
        })
      )
      return finishOrderFulfilmentStep(finish)
    })

    const result = transform(
      { claim, fulfillment_id },
      ({ claim, fulfillment_id }): FulfilOrderResult => ({
        claim,
        fulfillment_id: fulfillment_id ?? null,
      })
    )
    return new WorkflowResponse(result)
  }
)

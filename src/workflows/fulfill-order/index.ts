import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { OrderFacts } from "../../lib/auto-fulfillment/attempts"
import {
  remainingGroups,
  type PlannedGroup,
} from "../../lib/auto-fulfillment/groups"
import {
  claimOrderFulfillmentStep,
  type Claim,
  type FulfillMode,
} from "./steps/claim-order-fulfillment"
import { createOrderFulfillmentStep } from "./steps/create-order-fulfillment"
import { finishOrderFulfillmentStep } from "./steps/finish-order-fulfillment"
import { registerUnregisteredFulfillmentsStep } from "./steps/register-unregistered-fulfillments"

export type FulfillOrderInput = {
  order_id: string
  mode: FulfillMode
  /**
   * The unfulfilled shippable lines as fulfillments to make, one per shipping option and stock
   * location (the automatic fulfillment's plan); empty when everything is fulfilled already.
   */
  groups: PlannedGroup[]
  facts: OrderFacts
  /** When the attempt started (a failed one is retried counting from here). */
  started_at: Date
  /** An admin's "try again now": see ClaimInput. */
  extra_attempt?: boolean
  /** A confirmed order change's lines on an order whose labels were bought: see ClaimInput. */
  reopen?: boolean
}

export type FulfillOrderResult = {
  claim: Claim
  /** The fulfillments made (or registered) by this run, oldest first. */
  fulfillment_ids: string[]
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
export const fulfillOrderWorkflow = createWorkflow(
  // This id and its steps' keep their first spelling: executions in flight are stored under them.
  "shipping-services-fulfil-order",
  (input: FulfillOrderInput) => {
    const claim = claimOrderFulfillmentStep({
      order_id: input.order_id,
      facts: input.facts,
      mode: input.mode,
      started_at: input.started_at,
      extra_attempt: input.extra_attempt,
      reopen: input.reopen,
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
      remainingGroups(input.groups, registered.items)
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
            groups: toCreate,
            record_id: made.record_id,
            attempts: made.attempts,
          }
        }
      )
      return createOrderFulfillmentStep(create)
    })

    const fulfillment_ids = when(
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
          fulfillment_ids: [
            ...registered.fulfillment_ids,
            ...(created?.ids ?? []),
          ],
        })
      )
      return finishOrderFulfillmentStep(finish)
    })

    const result = transform(
      { claim, fulfillment_ids },
      ({ claim, fulfillment_ids }): FulfillOrderResult => ({
        claim,
        fulfillment_ids: fulfillment_ids ?? [],
      })
    )
    return new WorkflowResponse(result)
  }
)

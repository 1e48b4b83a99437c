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
  /** One per shipping option and stock location; empty when everything is fulfilled already. */
  groups: PlannedGroup[]
  facts: OrderFacts
  started_at: Date
  extra_attempt?: boolean
  reopen?: boolean
  /** The order's row version the groups were planned on (null: no row then); see the claim. */
  planned_on?: string | null
}

export type FulfillOrderResult = {
  claim: Claim
  fulfillment_ids: string[]
}

/** Automatic and admin fulfillments alike; synchronous, so the same on either workflow engine. */
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
      planned_on: input.planned_on,
    })

    // Not behind a `when`: the step does nothing itself when there is nothing to look for.
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

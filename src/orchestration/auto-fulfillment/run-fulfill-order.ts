import type { MedusaContainer } from "@medusajs/framework/types"
import { errorRecord } from "../../lib/errors"
import type { OrderFacts } from "../../lib/auto-fulfillment/attempts"
import { Limiter } from "../../shipping-api/client/limiter"
import {
  fulfillOrderWorkflow,
  type FulfillOrderResult,
} from "../../workflows/fulfill-order"
import type { FulfillMode } from "../../workflows/fulfill-order/steps/claim-order-fulfillment"
import type { Plan } from "./fulfillment-plan"
import { shippingOf } from "../../modules/shipping-services"

/** The facts of an order the plan could not read (recorded with its attempt). */
export const EMPTY_FACTS: OrderFacts = {
  option_id: null,
  lane: null,
  display_id: null,
  placed_at: null,
}

/**
 * Automatic and admin fulfillments together, at most `http.concurrency` at a time in this process:
 * a burst of placed orders queues here rather than in the service's client.
 */
let burst: Limiter | undefined
export function burstLimiter(capacity: number): Limiter {
  if (!burst || burst.capacity !== capacity) burst = new Limiter(capacity)
  return burst
}

/** What Ready to ship and the logs say of an order waiting for the service. */
export function waitingWords(outage: {
  since: string
  reason?: string | null
}): string {
  return `Waiting for the shipping service: not answering since ${outage.since}${outage.reason ? ` (${outage.reason})` : ""}; the label is bought as soon as it answers again`
}

/**
 * Runs fulfillOrderWorkflow: claim the order's row, Medusa's
 * createOrderFulfillmentWorkflow, record the success. A failure comes back in the service's
 * words; the workflow put them on the attempt before giving it back as failed, and they are
 * added here only for an error raised outside that step (words already there are kept).
 */
export async function runFulfillOrder(
  container: MedusaContainer,
  orderId: string,
  mode: FulfillMode,
  plan: Plan,
  attempt: { now: Date; extra_attempt?: boolean; reopen?: boolean }
): Promise<
  | { result: FulfillOrderResult }
  | {
      error: Record<string, unknown>
      recorded: {
        status: "failed" | "waiting"
        attempts: number
        next_attempt_at: Date | null
      } | null
    }
> {
  const shipping = shippingOf(container)
  try {
    const { result } = await fulfillOrderWorkflow(container).run({
      input: {
        order_id: orderId,
        mode,
        groups: "groups" in plan ? plan.groups : [],
        facts: plan.facts ?? EMPTY_FACTS,
        started_at: attempt.now,
        extra_attempt: attempt.extra_attempt,
        reopen: attempt.reopen,
      },
    })
    return { result }
  } catch (error) {
    const last_error = errorRecord(error)
    const recorded = await shipping
      .attempts()
      .recordError(orderId, last_error)
      .catch(() => null)
    return { error: last_error, recorded }
  }
}

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

/** A plan read against a row another process changed meanwhile is read again, this many times at most. */
export const PLAN_ROUNDS = 3

/** Said by a round whose claim found the row changed since its plan was read. */
export const STALE = Symbol("stale plan")

/** Runs `once` until its plan was not stale, PLAN_ROUNDS times at most; then `exhausted`. */
export async function withFreshPlan<T>(
  once: () => Promise<T | typeof STALE>,
  exhausted: (reason: string) => T | Promise<T>
): Promise<T> {
  for (let round = 1; round <= PLAN_ROUNDS; round++) {
    const outcome = await once()
    if (outcome !== STALE) return outcome
  }
  return exhausted(
    `changed by other processes while its plan was read, ${PLAN_ROUNDS} times`
  )
}

// A burst queues here rather than in the service's client.
let burst: Limiter | undefined
export function burstLimiter(capacity: number): Limiter {
  if (!burst || burst.capacity !== capacity) burst = new Limiter(capacity)
  return burst
}

export function waitingWords(outage: {
  since: string
  reason?: string | null
}): string {
  return `Waiting for the shipping service: not answering since ${outage.since}${outage.reason ? ` (${outage.reason})` : ""}; the label is bought as soon as it answers again`
}

/** The workflow put the error's words on the attempt already; added here only for an error outside it. */
export async function runFulfillOrder(
  container: MedusaContainer,
  orderId: string,
  mode: FulfillMode,
  plan: Plan,
  attempt: {
    now: Date
    extra_attempt?: boolean
    reopen?: boolean
    /** The row's version the plan was read on (null: none); a row changed since is not claimed. */
    planned_on?: string | null
  }
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
        planned_on: attempt.planned_on,
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

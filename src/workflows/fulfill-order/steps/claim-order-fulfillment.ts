import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"
import type { AutoFulfillmentRecord } from "../../../modules/shipping-services/models"
import {
  retryAtAfterFailure,
  type OrderFacts,
} from "../../../lib/auto-fulfillment/attempts"
import { shippingOf } from "../../../modules/shipping-services"

export const AUTO_FULFILLMENTS = "shipping_services_auto_fulfillment"

export type FulfillMode = "automatic" | "admin"

export type ClaimInput = {
  order_id: string
  facts: OrderFacts
  mode: FulfillMode
  /** When the attempt started: its retry time counts from here. */
  started_at: Date
  /**
   * An admin's "try again now" on a failed automatic fulfillment: one more attempt even when the
   * automatic ones are used up (counted as the last one, so the job does not resume after it).
   */
  extra_attempt?: boolean
  /**
   * A confirmed exchange, claim or edit added lines to an order whose labels were all bought: its
   * `succeeded` row is taken again for them, as a new round (attempts from 1).
   */
  reopen?: boolean
}

export type Claim =
  | {
      claimed: true
      record_id: string
      attempts: number
      /**
       * The order's row was made by this claim: no earlier attempt (of the automatic path or an
       * admin's) can have left a fulfillment behind.
       */
      first: boolean
    }
  /** `busy`: another live process works on it now (an admin is told to look again later). */
  | { claimed: false; reason: string; busy: boolean }

/** What the compensation needs: the attempt to give back, and how it would be retried. */
export type ClaimMade = {
  record_id: string
  attempts: number
  mode: FulfillMode
  started_at: Date
}

type Rows = Pick<
  ShippingServicesModuleService,
  "attempts" | "listAutoFulfillments" | "leases" | "getOptions"
>

/**
 * The order's row, for this process: created new, or taken by compare-and-set. The automatic
 * path takes a row that failed with attempts left, waits for an admin or ran in a process that
 * stopped (its lease ran out); an admin's fulfillment takes any row no live process holds. No
 * lock and no pooled connection is held while the label is bought (a burst would starve the
 * pool): the row's lease (lease_owner / lease_until, heartbeat) says who works on it, and
 * whoever loses finds it taken and does nothing.
 */
export async function claimOrderFulfillment(
  shipping: Rows,
  input: ClaimInput
): Promise<Claim> {
  const { maxAttempts } = shipping.getOptions().autoFulfill
  const created = await shipping.attempts().start({
    order_id: input.order_id,
    option_id: input.facts.option_id,
    lane: input.facts.lane,
    display_id: input.facts.display_id,
    // A Date in the workflow's input arrives as a string on the Redis engine.
    placed_at: input.facts.placed_at ? new Date(input.facts.placed_at) : null,
  })
  if (created)
    return { claimed: true, record_id: created.id, attempts: 1, first: true }
  const [existing] = (await shipping.listAutoFulfillments({
    order_id: input.order_id,
  })) as AutoFulfillmentRecord[]
  if (!existing)
    return {
      claimed: false,
      reason: "another process claimed it a moment ago",
      busy: true,
    }
  const reopening = !!input.reopen && existing.status === "succeeded"
  if (input.mode === "automatic" && !reopening) {
    if (existing.status === "succeeded" || existing.status === "skipped")
      return {
        claimed: false,
        reason: `already ${existing.status}`,
        busy: false,
      }
    // An admin put it aside: nothing automatic buys it until released.
    if (existing.status === "held")
      return { claimed: false, reason: "held by an admin", busy: false }
    if (
      existing.status === "failed" &&
      existing.attempts >= maxAttempts &&
      !input.extra_attempt
    )
      return {
        claimed: false,
        reason: "no attempts left: an admin has to fulfil it",
        busy: false,
      }
  }
  // A new round starts its attempts again; an admin's extra attempt counts as the last one.
  const maxBefore = reopening
    ? 0
    : input.extra_attempt
      ? Math.max(0, maxAttempts - 1)
      : null
  if (
    !(await shipping
      .attempts()
      .claim(
        existing.id,
        { status: existing.status, attempts: existing.attempts },
        maxBefore
      ))
  ) {
    return existing.status === "running"
      ? {
          claimed: false,
          reason:
            input.mode === "admin"
              ? "its labels are being bought by another process right now"
              : "already running in another process",
          busy: true,
        }
      : { claimed: false, reason: "already claimed", busy: true }
  }
  return {
    claimed: true,
    record_id: existing.id,
    attempts: Math.min(existing.attempts, maxBefore ?? existing.attempts) + 1,
    first: false,
  }
}

/**
 * Compensation: the attempt is given back as failed, due again after the automatic path's
 * backoff (an admin's: never by itself), and its lease cleared — in one guarded UPDATE that
 * only touches the row while this process's attempt still holds it, so it never frees a lease
 * another worker took over. Labels the attempt may have bought are not voided here: Medusa's
 * createOrderFulfillmentWorkflow compensates its own fulfillment (the provider voids its
 * label), and a purchase interrupted before it was recorded is the purchase journal's and the
 * recovery's. The error's words are added by the caller, which has them.
 */
export async function giveBackOrderFulfillment(
  shipping: Pick<
    ShippingServicesModuleService,
    "attempts" | "leases" | "getOptions"
  >,
  made: ClaimMade
): Promise<void> {
  shipping.leases().letExpire(AUTO_FULFILLMENTS, made.record_id)
  await shipping.attempts().release(made.record_id, {
    attempts: made.attempts,
    next_attempt_at: retryAtAfterFailure(
      made.mode,
      made.attempts,
      shipping.getOptions().autoFulfill,
      // A Date in the workflow's input arrives as a string on the Redis engine.
      new Date(made.started_at)
    ),
  })
}

// Kept as first spelled: executions in flight on an upgraded shop are stored under this id.
export const claimOrderFulfillmentStepId =
  "shipping-services-claim-order-fulfilment"
export const claimOrderFulfillmentStep = createStep(
  claimOrderFulfillmentStepId,
  async (input: ClaimInput, { container }) => {
    const shipping = shippingOf(container)
    const claim = await claimOrderFulfillment(shipping, input)
    const made: ClaimMade | null = claim.claimed
      ? {
          record_id: claim.record_id,
          attempts: claim.attempts,
          mode: input.mode,
          started_at: input.started_at,
        }
      : null
    return new StepResponse(claim, { made })
  },
  async (compensate: { made: ClaimMade | null } | undefined, { container }) => {
    if (!compensate?.made) return
    await giveBackOrderFulfillment(shippingOf(container), compensate.made)
  }
)

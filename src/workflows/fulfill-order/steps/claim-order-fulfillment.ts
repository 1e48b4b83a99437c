import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"
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
  /** An admin's "try again now": counted as the last attempt, so the job does not resume after it. */
  extra_attempt?: boolean
  /** An order change's lines: a `succeeded` row is taken again as a new round. */
  reopen?: boolean
  /** The row's version the plan was read on (null: no row then): a row changed since may have fulfilled its lines. */
  planned_on?: string | null
}

export type Claim =
  | {
      claimed: true
      record_id: string
      attempts: number
      /** Made by this claim: no earlier attempt can have left a fulfillment behind. */
      first: boolean
    }
  /** `busy`: another live process works on it now; `stale`: the row changed since the plan was read. */
  | { claimed: false; reason: string; busy: boolean; stale?: true }

/** What the compensation needs: the attempt to give back, and how it would be retried. */
export type ClaimMade = {
  record_id: string
  attempts: number
  mode: FulfillMode
  started_at: Date
}

type Rows = Pick<ShippingServicesModuleService, "attempts" | "getOptions">

// A lease on the row, not a lock: no pooled connection is held while the label is bought.
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
  const existing = await shipping.attempts().seen(input.order_id)
  if (!existing)
    return {
      claimed: false,
      reason: "another process claimed it a moment ago",
      busy: true,
    }
  const running: Claim = {
    claimed: false,
    reason:
      input.mode === "admin"
        ? "its labels are being bought by another process right now"
        : "already running in another process",
    busy: true,
  }
  if (input.planned_on !== undefined && existing.version !== input.planned_on)
    return existing.status === "running"
      ? running
      : {
          claimed: false,
          reason: "another process changed it since its plan was read",
          busy: true,
          stale: true,
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
        reason: "no attempts left: an admin has to fulfill it",
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
    !(await shipping.attempts().claim(
      existing.id,
      {
        status: existing.status,
        attempts: existing.attempts,
        version: existing.version,
      },
      maxBefore
    ))
  ) {
    if (existing.status === "running") return running
    return input.planned_on === undefined
      ? { claimed: false, reason: "already claimed", busy: true }
      : {
          claimed: false,
          reason: "another process changed it since its plan was read",
          busy: true,
          stale: true,
        }
  }
  return {
    claimed: true,
    record_id: existing.id,
    attempts: Math.min(existing.attempts, maxBefore ?? existing.attempts) + 1,
    first: false,
  }
}

// Guarded by this attempt's lease, so it never frees one another worker took over.
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

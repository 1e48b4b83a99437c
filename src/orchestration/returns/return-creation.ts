import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
  Modules,
} from "@medusajs/framework/utils"
import { messageOf } from "../../lib/errors"
import {
  refusalCountsOf,
  returnRefusal,
  type ReturnRefusal,
  type ReturnRefusalCounts,
} from "../../lib/returns/refusal"
import { readSetting } from "../../modules/shipping-services/settings"
import { RETURN_REFUSALS_SETTING } from "../../modules/shipping-services/service"
import { isOurProvider } from "../../options/resolve"
import { withLock } from "../../lib/locking"
import { shippingOf } from "../../modules/shipping-services"

/** What POST /store/returns asks for, as far as the plugin's guard reads it. */
export type ReturnCreationRequest = {
  orderId: string
  optionId: string
  /** The logged-in customer (auth_context.actor_id of a customer), if any. */
  customerId: string | undefined
}

export type ReturnCreationVerdict =
  /** Not one of the plugin's options: Medusa's route as it is. */
  | { ours: false }
  | {
      ours: true
      refusal: ReturnRefusal | null
      /** The shopper's words when the service is not answering (no return label can be bought now). */
      serviceAway?: string
    }

/**
 * Whether a store return may go on (the plugin's middleware on POST /store/returns, as Medusa's
 * "Restrict Return Creation" guide shows): returns with another provider's option are none of
 * the plugin's business; with one of its options — any of them: each buys a label at the
 * merchant's cost — and `returns.requireCustomer`, only the order's own logged-in customer.
 */
export async function judgeReturnCreation(
  container: MedusaContainer,
  request: ReturnCreationRequest
): Promise<ReturnCreationVerdict> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: options } = await query.graph({
    entity: "shipping_option",
    fields: ["id", "provider_id"],
    filters: { id: request.optionId },
  })
  const option = options[0] as { provider_id?: string | null } | undefined
  // An unknown option is Medusa's to refuse.
  if (!option || !isOurProvider(option.provider_id)) return { ours: false }
  const shipping = shippingOf(container)
  const { requireCustomer } = shipping.getOptions().returns
  const outage = await shipping.availability().outage()
  const serviceAway = outage
    ? "Return labels cannot be made right now: the shipping service is not answering. Please try again later."
    : undefined
  if (!requireCustomer)
    return {
      ours: true,
      refusal: null,
      ...(serviceAway ? { serviceAway } : {}),
    }
  let order: { customer_id?: string | null } | undefined
  if (request.customerId) {
    const { data } = await query.graph({
      entity: "order",
      fields: ["id", "customer_id"],
      filters: { id: request.orderId },
    })
    order = data[0] as { customer_id?: string | null } | undefined
  }
  return {
    ours: true,
    refusal: returnRefusal({
      requireCustomer,
      customerId: request.customerId,
      order,
    }),
    ...(serviceAway ? { serviceAway } : {}),
  }
}

/**
 * Counts a refusal and logs it: the reason and the running count, never who asked or for which
 * order (a guessed id is someone's order id, and nothing about a person belongs in logs).
 */
export async function recordReturnRefusal(
  container: MedusaContainer,
  reason: ReturnRefusal,
  optionId: string
): Promise<ReturnRefusalCounts | undefined> {
  const shipping = shippingOf(container)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  // The refusal stands even when it cannot be counted.
  const counted = await shipping
    .countReturnRefusal(reason)
    .then((value) => refusalCountsOf(value))
    .catch((error: unknown) => {
      logger.warn(
        `shipping-services: a refused return could not be counted: ${messageOf(error)}`
      )
      return undefined
    })
  logger.warn(
    `shipping-services: refused a return with shipping option ${optionId}: ${reason} (refused so far: ${counted?.total ?? "unknown"}; returns.requireCustomer)`
  )
  return counted
}

/** The refusal counter, for the admin. */
export async function returnRefusalCounts(
  container: MedusaContainer
): Promise<ReturnRefusalCounts> {
  const shipping = shippingOf(container)
  return refusalCountsOf(
    await readSetting<Record<string, unknown>>(
      shipping,
      RETURN_REFUSALS_SETTING
    )
  )
}

/** The same 404 as the tracking route: the answer never tells whether the order exists. */
export function refusedReturnError(orderId: string): MedusaError {
  return new MedusaError(
    MedusaError.Types.NOT_FOUND,
    `Order with id: ${orderId} was not found`
  )
}

/** Seconds a second return request of the same order waits for the first. */
const RETURN_LOCK_TIMEOUT_S = 60

/**
 * Runs the rest of a return request (Medusa's whole workflow: the label, then the return) under
 * a lock on its order, shared by every process through Medusa's Locking Module. Two requests for
 * the same items at once would both pass Medusa's quantity rule, which the provider asks before
 * buying (the returnable rule), and Medusa writes the return only after the label: one
 * at a time, the second sees the first's return and buys nothing. Answers "busy" when the lock
 * was not had in time (nothing started).
 */
export async function underReturnLock(
  container: MedusaContainer,
  orderId: string,
  job: () => Promise<void>
): Promise<"done" | "busy"> {
  const outcome = await withLock(
    container.resolve(Modules.LOCKING),
    `shipping-services:return:${orderId}`,
    job,
    {
      family: "return-creation",
      capacity: 4,
      timeout: RETURN_LOCK_TIMEOUT_S,
      whenHeld: "busy",
    }
  )
  return outcome === "busy" ? "busy" : "done"
}

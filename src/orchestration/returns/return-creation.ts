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

export type ReturnCreationRequest = {
  orderId: string
  optionId: string
  /** auth_context.actor_id of a customer. */
  customerId: string | undefined
}

export type ReturnCreationVerdict =
  /** Not our option: Medusa's route as it is. */
  | { ours: false }
  | {
      ours: true
      refusal: ReturnRefusal | null
      /** No return label can be bought now. */
      serviceAway?: string
    }

/** Other providers' returns pass; with our options (each buys a label at the merchant's cost) only the order's customer. */
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

/** Logs the reason and count, never who asked or for which order (a guessed id is someone's order). */
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

/** Never tells whether the order exists. */
export function refusedReturnError(orderId: string): MedusaError {
  return new MedusaError(
    MedusaError.Types.NOT_FOUND,
    `Order with id: ${orderId} was not found`
  )
}

const RETURN_LOCK_TIMEOUT_S = 60

/**
 * Two requests for the same items would both pass Medusa's quantity rule, since Medusa writes the return after the
 * label: one at a time per order, store-wide. "busy" when the lock was not had in time (nothing started).
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

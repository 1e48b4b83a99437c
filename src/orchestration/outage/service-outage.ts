import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { serviceBackAlert, serviceDownAlert } from "../../lib/alerts"
import { messageOf } from "../../lib/errors"
import { withLock, type LockingLike } from "../../lib/locking"
import {
  afterProbe,
  durationWords,
  type ProbeOutcome,
} from "../../lib/outage/outage"
import { pluginClient } from "../../lib/plugin-client"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import { randomTransactionId } from "../../shipping-api/client/create-flow"
import { CARRIER_OF_VARIANT } from "../../shipping-api/constants"
import { isServiceAway } from "../../shipping-api/errors"
import { raiseAlert } from "../alerts/raise-alerts"
import { autoFulfillOrder } from "../auto-fulfillment/auto-fulfill"
import { resumeBatches } from "../batches/run-batch"
import { shippingOf } from "../../modules/shipping-services"

/** The probe and retry jobs both start it. */
const RESUME_LOCK_KEY = "shipping-services:resume-after-outage"
/** Oldest first. */
const RESUME_PAGE = 100

export type ProbeResult =
  | { state: "up" }
  | { state: "down"; since: string }
  | { state: "back"; since: string; resumed: number }

/**
 * While the outage is open, asks a harmless question (retry op on an unused id: a 404 is an answer). The first failure
 * confirms it (one alert), the first answer ends it (another) and resumes waiting work. Free while the service answers.
 */
export async function probeService(
  container: MedusaContainer,
  now = new Date()
): Promise<ProbeResult> {
  const shipping = shippingOf(container)
  const availability = shipping.availability()
  const outage = await availability.read()
  if (!outage) return { state: "up" }
  const probe = await probeOnce(container, shipping)
  const { record, event } = afterProbe(outage, probe, now)
  if (!(await availability.settle(outage.since, record)))
    return { state: "down", since: outage.since }
  if (event === "confirmed")
    await alertSafely(container, async () =>
      serviceDownAlert({
        since: outage.since,
        reason: outage.reason ?? null,
        orders_waiting: await shipping.queue().countWaitingForService(),
        now,
      })
    )
  if (!probe.answering) return { state: "down", since: outage.since }
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  logger.info(
    `shipping-services: the shipping service answers again (not answering since ${outage.since}, ${durationWords(outage.since, now)}); resuming the orders that waited`
  )
  if (event === "back")
    await alertSafely(container, async () =>
      serviceBackAlert({
        since: outage.since,
        until: now.toISOString(),
        duration: durationWords(outage.since, now),
        orders_waiting: await shipping.queue().countWaitingForService(),
        now,
      })
    )
  const resumed = await resumeAfterOutage(container)
  return { state: "back", since: outage.since, resumed }
}

/** Any answer, a refusal too, counts. */
async function probeOnce(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService
): Promise<ProbeOutcome> {
  const options = shipping.getOptions()
  const service = options.services[0]
  if (!service) return { answering: true }
  try {
    await pluginClient(
      options,
      container.resolve(ContainerRegistrationKeys.LOGGER)
    ).findShipment(randomTransactionId(), CARRIER_OF_VARIANT[service.variant])
    return { answering: true }
  } catch (error) {
    return isServiceAway(error)
      ? { answering: false, error: messageOf(error) }
      : { answering: true }
  }
}

/**
 * Waiting orders bought oldest first through the never-twice path, then waiting batches. One shop-wide run (lock);
 * stops if the service goes away again. Returns how many orders were bought.
 */
export async function resumeAfterOutage(
  container: MedusaContainer
): Promise<number> {
  const shipping = shippingOf(container)
  const locking = container.resolve<LockingLike>(Modules.LOCKING, {
    allowUnregistered: true,
  })
  const result = await withLock(
    locking,
    RESUME_LOCK_KEY,
    async () => {
      const resumed = shipping.getOptions().autoFulfill.enabled
        ? await resumeWaitingOrders(container, shipping)
        : 0
      if (!(await shipping.availability().outage()))
        await resumeBatches(container)
      return resumed
    },
    { timeout: 1, expire: 30 * 60, whenHeld: "busy" }
  )
  return result === "busy" ? 0 : result
}

async function resumeWaitingOrders(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService
): Promise<number> {
  const tried = new Set<string>()
  let bought = 0
  for (;;) {
    const page = (
      await shipping.queue().listWaitingForService(RESUME_PAGE)
    ).filter((r) => !tried.has(r.order_id))
    if (!page.length) return bought
    // autoFulfillOrder's burst limiter keeps http.concurrency at once.
    const outcomes = await Promise.all(
      page.map(({ order_id }) => {
        tried.add(order_id)
        return autoFulfillOrder(container, order_id).catch(
          (error: unknown) =>
            ({ status: "failed", error: messageOf(error) }) as const
        )
      })
    )
    bought += outcomes.filter((o) => o.status === "succeeded").length
    if (outcomes.some((o) => o.status === "waiting")) return bought
  }
}

async function alertSafely(
  container: MedusaContainer,
  alert: () => Promise<Parameters<typeof raiseAlert>[1]>
): Promise<void> {
  try {
    await raiseAlert(container, await alert())
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `shipping-services: the service outage alert was not emitted: ${messageOf(error)}`
      )
  }
}

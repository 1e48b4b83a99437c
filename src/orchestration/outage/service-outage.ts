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

/** One resume at a time in the whole shop (the probe job and the retry job both start it). */
const RESUME_LOCK_KEY = "shipping-services:resume-after-outage"
/** Orders read per page of a resume, oldest first. */
const RESUME_PAGE = 100

export type ProbeResult =
  | { state: "up" }
  | { state: "down"; since: string }
  | { state: "back"; since: string; resumed: number }

/**
 * The outage probe (a job, every 15 s by default): while the shop's
 * outage is open, asks the service a question that changes nothing (the retry operation, for a
 * transaction id that was never used: its 404 is an answer). The first probe that fails
 * confirms the outage (the merchant's one alert, with how many orders wait); the first that gets
 * an answer ends it (one alert more) and resumes every order and print batch that waited,
 * oldest first. Two processes probing at once: the record's compare-and-set lets one of them
 * end it. While the service answers this costs one read of the record.
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

/** One question to the service: answered (any answer, a refusal too) or not (shared/spec/4 statuses). */
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
 * Every order that waited for the service, bought now, oldest first: `http.concurrency` at a
 * time (the automatic path's own bound), each through the same never-twice purchase (a label
 * whose create got no answer is looked up with the retry operation first), then the print
 * batches that waited. Once per shop at a time (a lock); stops if the service goes away again
 * (the orders then wait for the next probe). Returns how many orders were bought.
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
    // The burst limiter inside autoFulfillOrder keeps http.concurrency of them at once.
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

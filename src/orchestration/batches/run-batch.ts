import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { BatchRow } from "../../lib/batches/views"
import { errorRecord, messageOf } from "../../lib/errors"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import type { BatchItemRecord } from "../../modules/shipping-services/models"
import { Limiter } from "../../shipping-api/client/limiter"
import {
  fulfillOrderNow,
  type AdminFulfillOutcome,
} from "../auto-fulfillment/fulfill-now"
import { inFlight } from "../../lib/in-flight"
import { labelsToPrint } from "./selection"
import {
  makeBatchPrintFilesWorkflow,
  recordBatchItemWorkflow,
} from "../../workflows/print-batch"
import type { BatchItemOutcome } from "../../workflows/print-batch/steps/record-batch-item"
import { shippingOf } from "../../modules/shipping-services"

const BATCHES = "shipping_services_batch"
/** How long to wait before looking again at orders another process is buying. */
const BUSY_WAIT_MS = 1_000
/** Per run of the resume job. */
const RESUME_PAGE = 20

/** The request that started it is answered at once. */
export function startBatch(container: MedusaContainer, batchId: string): void {
  void inFlight(() =>
    runBatch(container, batchId).catch((error) => {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `shipping-services: batch ${batchId} stopped (the resume job takes it up again): ${messageOf(error)}`
        )
    })
  )
}

/**
 * Buys waiting items `http.concurrency` at a time through fulfillOrderNow, then prints. The batch is leased: a stopped
 * process's batch is resumed where its rows say, and a rerun item finds what was bought, so nothing is bought twice.
 */
export async function runBatch(
  container: MedusaContainer,
  batchId: string
): Promise<"done" | "busy" | "gone" | "waiting"> {
  const shipping = shippingOf(container)
  const leases = shipping.leases()
  // Exclusive: one run per batch in this process too (route, resume job, probe).
  if (
    !(await leases.take(BATCHES, batchId, ["buying", "printing"], {
      exclusive: true,
    }))
  )
    return "busy"
  try {
    for (let looks = 0; ;) {
      const [batch] = await shipping.listBatches({ id: batchId })
      if (!batch) return "gone"
      if (batch.status === "done") return "done"
      if (batch.status === "buying") {
        if ((await buyItems(container, shipping, batchId)) === "waiting") {
          // The service may have returned mid-pass, and the probe's resume left our leased batch: look again (at most 3 times).
          if (++looks > 3 || (await shipping.availability().outage()))
            return "waiting"
          continue
        }
        await shipping.batches().transition(batchId, "buying", "printing")
        continue
      }
      await printBatch(container, shipping, batch as unknown as BatchRow)
      if (
        await shipping
          .batches()
          .transition(batchId, "printing", "done", new Date())
      )
        return "done"
    }
  } finally {
    await leases.release(BATCHES, batchId)
  }
}

/** Each pass runs the waiting and interrupted items, a few at a time. */
async function buyItems(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService,
  batchId: string
): Promise<"bought" | "waiting"> {
  const limiter = new Limiter(shipping.getOptions().http.concurrency)
  for (;;) {
    const items = await shipping.listBatchItems(
      { batch_id: batchId, status: ["waiting", "running"] },
      { order: { position: "ASC" } }
    )
    if (!items.length) return "bought"
    const outcomes = await Promise.all(
      items.map((item) => limiter.run(() => runItem(container, shipping, item)))
    )
    // The batch waits for the service like the orders, resumed by the probe.
    if (outcomes.includes("waiting")) return "waiting"
    if (outcomes.every((o) => o === "busy"))
      await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS))
  }
}

/** Marked running (a stopped process's running items are rerun); busy elsewhere: back to waiting for a moment. */
async function runItem(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService,
  item: BatchItemRecord
): Promise<"settled" | "busy" | "waiting"> {
  await shipping.batches().setItem(item.id, { status: "running", error: null })
  let outcome
  try {
    outcome = await fulfillOrderNow(container, item.order_id)
  } catch (error) {
    outcome = { status: "failed" as const, error: errorRecord(error) }
  }
  if (outcome.status === "busy") {
    await shipping.batches().setItem(item.id, { status: "waiting" })
    return "busy"
  }
  if (outcome.status === "waiting") {
    // Not a failure: no attempt of the batch is counted.
    await shipping.batches().setItem(item.id, {
      status: "waiting",
      error: { message: outcome.reason, away: true },
    })
    return "waiting"
  }
  await recordBatchItemWorkflow(container).run({
    input: await itemOutcomeOf(shipping, item, outcome),
  })
  return "settled"
}

async function itemOutcomeOf(
  shipping: ShippingServicesModuleService,
  item: BatchItemRecord,
  outcome: Exclude<AdminFulfillOutcome, { status: "busy" | "waiting" }>
): Promise<BatchItemOutcome> {
  const attempts = (item.attempts ?? 0) + 1
  switch (outcome.status) {
    case "succeeded": {
      const rows = await shipping.listShipments(
        { fulfillment_id: outcome.fulfillment_ids, status: "created" },
        { select: ["id", "parcel_index"], order: { parcel_index: "ASC" } }
      )
      return {
        id: item.id,
        status: "done",
        attempts,
        fulfillment_ids: { ids: outcome.fulfillment_ids },
        shipment_ids: { ids: rows.map((r) => r.id) },
      }
    }
    case "fulfilled": {
      // Bought already: before a stop, by the automatic path, or by hand.
      const ids = await labelsToPrint(shipping, item.order_id)
      return ids.length
        ? { id: item.id, status: "done", attempts, shipment_ids: { ids } }
        : {
            id: item.id,
            status: "failed",
            attempts,
            error: {
              message: `${outcome.reason}, and it has no label of this plugin to print`,
            },
          }
    }
    case "refused":
      return {
        id: item.id,
        status: "failed",
        attempts,
        error: { message: `Not shipped: ${outcome.reason}` },
      }
    case "failed":
      return { id: item.id, status: "failed", attempts, error: outcome.error }
  }
}

/** A failure is recorded on the batch in words: it is done buying either way, and "print again" retries. */
async function printBatch(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService,
  batch: BatchRow
) {
  try {
    await makeBatchPrintFilesWorkflow(container).run({
      input: { batch_id: batch.id },
    })
  } catch (error) {
    await shipping.updateBatches({
      id: batch.id,
      print_error: errorRecord(error),
    })
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `shipping-services: the print file of batch ${batch.id} could not be made: ${messageOf(error)}`
      )
  }
}

/** Batches whose lease ran out, resumed in this process on recovery.schedule. */
export async function resumeBatches(
  container: MedusaContainer,
  now = new Date()
): Promise<number> {
  const shipping = shippingOf(container)
  const stopped = await shipping.listBatches(
    {
      status: ["buying", "printing"],
      $or: [{ lease_until: null }, { lease_until: { $lt: now } }],
    },
    { take: RESUME_PAGE, order: { created_at: "ASC" }, select: ["id"] }
  )
  let resumed = 0
  for (const batch of stopped) {
    if ((await runBatch(container, batch.id)) === "done") resumed++
  }
  if (resumed)
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(
        `shipping-services: resumed ${resumed} print batch(es) a stopped process left`
      )
  return resumed
}

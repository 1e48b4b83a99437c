import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { VoidAtService } from "../../../lib/shipments/void-at-service"
import { voidedFields } from "../../../lib/shipments/void-at-service"
import type ShippingServicesModuleService from "../../../modules/shipping-services/service"
import { shippingOf } from "../../../modules/shipping-services"

/** The fields voiding changes, as they were before. */
export type VoidedBefore = {
  id: string
  status: string
  voided_at: Date | null
  void_status: string | null
  void_reason: string | null
}

type Journal = Pick<
  ShippingServicesModuleService,
  "listShipments" | "updateShipments"
>

/** Writes the void on the row; returns what to put back. Nothing written for a label voided already. */
export async function recordShipmentVoided(
  journal: Journal,
  shipmentId: string,
  outcome: VoidAtService,
  reason: string | null
): Promise<VoidedBefore | null> {
  if (!outcome.voided || outcome.already) return null
  const [row] = await journal.listShipments(
    { id: shipmentId },
    { select: ["id", "status", "voided_at", "void_status", "void_reason"] }
  )
  if (!row) return null
  const before: VoidedBefore = {
    id: row.id,
    status: row.status,
    voided_at: row.voided_at ?? null,
    void_status: row.void_status ?? null,
    void_reason: row.void_reason ?? null,
  }
  await journal.updateShipments({
    id: shipmentId,
    ...voidedFields(outcome, reason),
  })
  return before
}

/** Compensation: the row's status and void fields as they were. */
export async function restoreShipmentVoided(
  journal: Pick<Journal, "updateShipments">,
  before: VoidedBefore | null | undefined
): Promise<void> {
  if (!before) return
  await journal.updateShipments({
    id: before.id,
    status: before.status as never,
    voided_at: before.voided_at,
    void_status: before.void_status,
    void_reason: before.void_reason,
  })
}

export const recordShipmentVoidedStepId =
  "shipping-services-record-shipment-voided"
/**
 * Records the void on the shipment row. Compensation restores the previous status (and void
 * fields) should a step after it fail in a workflow that runs this one; note that the label
 * stays voided at the service (the void step at the service), so the row then shows a label the
 * service no longer honours until it is voided again.
 */
export const recordShipmentVoidedStep = createStep(
  recordShipmentVoidedStepId,
  async (
    input: {
      shipment_id: string
      outcome: VoidAtService
      reason?: string | null
    },
    { container }
  ) => {
    const shipping = shippingOf(container)
    const before = await recordShipmentVoided(
      shipping,
      input.shipment_id,
      input.outcome,
      input.reason ?? null
    )
    return new StepResponse(undefined, before)
  },
  async (before, { container }) => {
    await restoreShipmentVoided(shippingOf(container), before)
  }
)

import { MedusaError } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { SHIPPING_SERVICES_MODULE } from "../../options/resolve"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"

type HoldInput = { order_id: string; facts: Record<string, unknown> }
type ReleaseInput = {
  order_id: string
  status: "pending" | "manual"
  next_attempt_at: Date | null
}

const resumable = (
  previous: string
): "pending" | "manual" | "failed" | "skipped" =>
  previous === "failed" || previous === "skipped" || previous === "manual"
    ? previous
    : previous === "none"
      ? "manual"
      : "pending"

/** Holds an order (nothing buys its labels until released); compensation gives the row its status back. */
export const holdOrderStep = createStep(
  "shipping-services-hold-order",
  async (input: HoldInput, { container }) => {
    const shipping: ShippingServicesModuleService = container.resolve(
      SHIPPING_SERVICES_MODULE
    )
    const held = await shipping.holdAutoFulfillment(input.order_id, input.facts)
    if (!held)
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        "Its labels are being bought right now: it cannot be held"
      )
    return new StepResponse(
      { previous: held.previous },
      { order_id: input.order_id, previous: held.previous }
    )
  },
  async (before, { container }) => {
    if (!before) return
    const shipping: ShippingServicesModuleService = container.resolve(
      SHIPPING_SERVICES_MODULE
    )
    await shipping.releaseAutoFulfillment(
      before.order_id,
      resumable(before.previous),
      null
    )
  }
)

/** Ends a hold; compensation holds it again. */
export const releaseOrderStep = createStep(
  "shipping-services-release-order",
  async (input: ReleaseInput, { container }) => {
    const shipping: ShippingServicesModuleService = container.resolve(
      SHIPPING_SERVICES_MODULE
    )
    if (
      !(await shipping.releaseAutoFulfillment(
        input.order_id,
        input.status,
        input.next_attempt_at
      ))
    ) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "The order is not held"
      )
    }
    return new StepResponse(
      { status: input.status },
      { order_id: input.order_id }
    )
  },
  async (before, { container }) => {
    if (!before) return
    const shipping: ShippingServicesModuleService = container.resolve(
      SHIPPING_SERVICES_MODULE
    )
    await shipping.holdAutoFulfillment(before.order_id, {})
  }
)

export const holdOrderWorkflow = createWorkflow(
  "shipping-services-hold-order",
  (input: HoldInput) => new WorkflowResponse(holdOrderStep(input))
)
export const releaseOrderWorkflow = createWorkflow(
  "shipping-services-release-order",
  (input: ReleaseInput) => new WorkflowResponse(releaseOrderStep(input))
)

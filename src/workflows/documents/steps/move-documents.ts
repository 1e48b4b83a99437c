import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { MoveReport } from "../../../modules/shipping-services/service"
import type { DocumentStorage } from "../../../options/schema"
import { shippingOf } from "../../../modules/shipping-services"

export type MoveDocumentsInput = {
  /** Default: the configured `documents.storage`. */
  target?: DocumentStorage
  /** Those already there are left alone. */
  ids?: string[]
  /** The newest version of these owners' documents. */
  owners?: { kind: "label" | "manifest" | "print"; owner_id: string }[]
  /** Without ids or owners: the oldest elsewhere, at most this many. */
  limit?: number
}

export const moveDocumentsStepId = "shipping-services-move-documents"
/**
 * Documents are first stored in the database (crash-safe) and moved here, where the File Module is at hand.
 * Never fails its workflow (a down File Module must not undo a bought label); no compensation: only location changes.
 */
export const moveDocumentsStep = createStep(
  moveDocumentsStepId,
  async (input: MoveDocumentsInput, { container }) => {
    const shipping = shippingOf(container)
    const target = input.target ?? shipping.getOptions().documents.storage
    const empty: MoveReport = { moved: 0, failed: [] }
    if (!input.target && target === "database")
      return new StepResponse({ target, ...empty })
    try {
      let ids = input.ids
      if (input.owners) {
        ids = [...(ids ?? [])]
        for (const owner of input.owners)
          for (const page of await shipping
            .versions()
            .pages(owner.kind, owner.owner_id))
            ids.push(page.id)
        if (!ids.length) return new StepResponse({ target, ...empty })
      }
      const report = await shipping.documents().move(target, {
        ids,
        limit: ids ? ids.length : input.limit,
      })
      if (report.failed.length)
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(
            `shipping-services: ${report.failed.length} document(s) not moved to the ${target} storage yet (retried by the store-pending-labels job): ${report.failed[0].reason}`
          )
      return new StepResponse({ target, ...report })
    } catch (error) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `shipping-services: documents not moved to the ${target} storage yet (retried by the store-pending-labels job): ${(error as Error).message}`
        )
      return new StepResponse({
        target,
        moved: 0,
        failed: [{ id: "*", reason: (error as Error).message }],
      })
    }
  }
)

import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { moveDocumentsWorkflow } from "../workflows/documents"
import { DOCUMENT_STORAGES, type DocumentStorage } from "../options/schema"
import { shippingOf } from "../modules/shipping-services"

/** A few megabytes in memory at a time. */
const PER_RUN = 100

/**
 * Moves stored documents after `documents.storage` changed (`medusa exec`, target `file` or `database`; README).
 * Safe while the store runs and to rerun: each document moves once; one that cannot is named. Non-zero exit then.
 */
export default async function moveDocuments({
  container,
  args = [],
}: {
  container: MedusaContainer
  args?: string[]
}) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const shipping = shippingOf(container)
  const target = (args.find((a) => !a.startsWith("-")) ??
    shipping.getOptions().documents.storage) as DocumentStorage
  if (!DOCUMENT_STORAGES.includes(target)) {
    throw new Error(
      `move-documents: the target must be ${DOCUMENT_STORAGES.join(" or ")}, not ${JSON.stringify(target)}`
    )
  }
  let moved = 0
  const failed = new Map<string, string>()
  for (;;) {
    const { result } = await moveDocumentsWorkflow(container).run({
      input: { target, limit: PER_RUN },
    })
    moved += result.moved
    for (const f of result.failed) failed.set(f.id, f.reason)
    // Done when a run moved nothing more (the rest would fail again now).
    if (!result.moved) break
  }
  logger.info(
    `shipping-services: ${moved} document(s) moved to the ${target} storage${failed.size ? `; ${failed.size} not moved` : ""}`
  )
  if (failed.size) {
    for (const [id, reason] of [...failed].slice(0, 20))
      logger.error(`shipping-services: document ${id} not moved: ${reason}`)
    throw new Error(
      `move-documents: ${failed.size} document(s) were not moved; run it again once the cause is fixed`
    )
  }
}

import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { moveDocumentsWorkflow } from "../workflows/documents"
import { DOCUMENT_STORAGES, type DocumentStorage } from "../options/schema"
import { shippingOf } from "../modules/shipping-services"

/** Documents per workflow run: a few megabytes in memory at a time. */
const PER_RUN = 100

/**
 * Moves the plugin's stored documents (labels, manifests, print files) from one storage to the
 * other, after `documents.storage` changed. In the merchant's app:
 *
 *   npx medusa exec ./node_modules/medusa-plugin-shipping-services/.medusa/server/src/scripts/move-documents.js [file|database]
 *
 * (in this repository: `npx medusa exec ./src/scripts/move-documents.ts file`). The target
 * defaults to the configured `documents.storage`; to "file", every document still in the
 * database is uploaded to the File Module as a private file and its bytes leave the table; to
 * "database", the files' bytes come back into the table and the files are deleted. Safe to run
 * while the store runs and to run again: each document moves once (a compare-and-set), and one
 * that cannot move now is left where it is and named. Exits non-zero when some did not move.
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
    // Done when a run moved nothing more (what is left failed, and would fail again now).
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

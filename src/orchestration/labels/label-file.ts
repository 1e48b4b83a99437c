import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { downloadBase64 } from "../../lib/labels/download"
import { fileIdsOf } from "../../workflows/store-shipment-label/steps/store-label-files"
import { shippingOf } from "../../modules/shipping-services"

/** The label columns of a shipment row the file is read from. */
export type LabelSource = {
  id: string
  label_files?: unknown
  label_pending?: unknown
  label_source_url?: string | null
}

/**
 * One page of a shipment's label and how many it has, from where it is kept: the plugin's
 * private documents; for labels of earlier versions not moved yet, the row or the File module;
 * for a URL label not downloaded yet, the service (24 hours). `bytes` is undefined when there is
 * no such page. The admin's and the customer's label routes both read labels through here.
 */
export async function readLabelPage(
  container: MedusaContainer,
  row: LabelSource,
  page: number
): Promise<{ bytes: Buffer | undefined; pages: number }> {
  const shipping = shippingOf(container)
  const documents = await shipping.versions().pages("label", row.id)
  if (documents.length) {
    const doc = documents.find((d) => d.page === page)
    return {
      bytes: doc ? await shipping.documents().bytes(doc.id) : undefined,
      pages: documents.length,
    }
  }
  const pending = (
    (row.label_pending as { pages?: string[] } | null)?.pages ?? []
  ).filter(Boolean)
  if (pending.length)
    return {
      bytes: pending[page] ? Buffer.from(pending[page], "base64") : undefined,
      pages: pending.length,
    }
  const fileIds = fileIdsOf(row.label_files)
  if (fileIds.length)
    return {
      bytes: fileIds[page]
        ? await container.resolve(Modules.FILE).getAsBuffer(fileIds[page])
        : undefined,
      pages: fileIds.length,
    }
  if (row.label_source_url && page === 0) {
    const answer = await downloadBase64(row.label_source_url).catch(
      (error: Error) => error
    )
    if (answer instanceof Error) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Shipment ${row.id}: its label is not stored yet and the service's label URL did not answer (${answer.message})`
      )
    }
    return { bytes: Buffer.from(answer, "base64"), pages: 1 }
  }
  return { bytes: undefined, pages: 1 }
}

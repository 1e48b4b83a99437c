import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { labelFileName, labelFileType } from "../../lib/labels/files"
import {
  customerReturnView,
  isUsableReturnLabel,
  type CustomerReturnView,
  type ReturnLabelRow,
} from "../../lib/views/return-view"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import { readLabelPage } from "../labels/label-file"
import { readReturns, type ReturnRecord } from "./read-return"
import { assertCustomerOrder } from "../tracking/store-tracking"
import { shippingOf } from "../../modules/shipping-services"

/** Not canceled, with their live fulfillments. */
async function returnsOf(
  container: MedusaContainer,
  filters: { order_id: string; id?: string }
): Promise<ReturnRecord[]> {
  return (await readReturns(container, filters)).filter((r) => !r.canceled_at)
}

/** With their stored page counts. */
export async function labelRowsOf(
  shipping: ShippingServicesModuleService,
  returns: readonly Pick<ReturnRecord, "id" | "fulfillments">[]
): Promise<Map<string, ReturnLabelRow[]>> {
  const returnOf = new Map<string, string>()
  for (const r of returns)
    for (const f of r.fulfillments ?? [])
      if (!f.canceled_at) returnOf.set(f.id, r.id)
  const byReturn = new Map<string, ReturnLabelRow[]>()
  if (!returnOf.size) return byReturn
  const rows = (await shipping.listShipments({
    fulfillment_id: [...returnOf.keys()],
    is_return: true,
    status: "created",
  })) as unknown as ReturnLabelRow[]
  const pages = await shipping.versions().labelPageCounts(rows.map((r) => r.id))
  for (const row of rows.filter(isUsableReturnLabel)) {
    const returnId = returnOf.get(row.fulfillment_id as string)!
    byReturn.set(returnId, [
      ...(byReturn.get(returnId) ?? []),
      { ...row, label_pages: pages.get(row.id) ?? 0 },
    ])
  }
  return byReturn
}

/** Medusa has no store route listing returns; anyone but the order's customer gets the tracking route's 404. */
export async function customerOrderReturns(
  container: MedusaContainer,
  orderId: string,
  customerId: string | undefined
): Promise<{ returns: CustomerReturnView[] }> {
  await assertCustomerOrder(container, orderId, customerId)
  const shipping = shippingOf(container)
  const returns = await returnsOf(container, { order_id: orderId })
  const rows = await labelRowsOf(shipping, returns)
  const options = shipping.getOptions()
  return {
    returns: returns
      .filter((r) => rows.has(r.id))
      .sort(
        (a, b) =>
          new Date(a.created_at ?? 0).getTime() -
          new Date(b.created_at ?? 0).getTime()
      )
      .map((ret) =>
        customerReturnView({
          orderId,
          ret,
          rows: rows.get(ret.id) ?? [],
          options,
        })
      ),
  }
}

export type ReturnLabelFile = {
  bytes: Buffer
  mimeType: string
  fileName: string
  inline: boolean
}

/** One page of one parcel's label or QR code, as the service made it, to the order's customer only. */
export async function customerReturnLabel(
  container: MedusaContainer,
  input: {
    orderId: string
    returnId: string
    customerId: string | undefined
    parcel: number
    page: number
  }
): Promise<ReturnLabelFile> {
  await assertCustomerOrder(container, input.orderId, input.customerId)
  const shipping = shippingOf(container)
  const returns = await returnsOf(container, {
    order_id: input.orderId,
    id: input.returnId,
  })
  const rows = (await labelRowsOf(shipping, returns)).get(input.returnId) ?? []
  const row = rows.find((r) => (r.parcel_index ?? 0) + 1 === input.parcel)
  if (!row)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      rows.length
        ? `Return ${input.returnId} has no parcel ${input.parcel}`
        : `Return with id: ${input.returnId} was not found`
    )
  const [full] = await shipping.listShipments({ id: row.id })
  const { bytes, pages } = await readLabelPage(container, full, input.page)
  if (!bytes)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Return ${input.returnId} has no label page ${input.page + 1}`
    )
  const type = labelFileType(row.label_format)
  return {
    bytes,
    mimeType: type.mimeType,
    fileName: labelFileName(
      row.tracking_number,
      row.label_format,
      input.page,
      pages
    ),
    inline: type.inline,
  }
}

import type { MedusaContainer } from "@medusajs/framework/types"
import {
  returnNotificationData,
  type ReturnNotificationData,
} from "../../lib/views/return-notification"
import { customerReturnView } from "../../lib/views/return-view"
import { isOurProvider } from "../../options/resolve"
import { readLabelPage } from "../labels/label-file"
import { emitPluginEvents, eventBusOf } from "../events/plugin-events"
import { readReturn } from "./read-return"
import { labelRowsOf } from "./store-returns"
import {
  RETURN_LABEL_READY_EVENT,
  type ReturnLabelReadyData,
} from "../../lib/returns/label-ready"
import { shippingOf } from "../../modules/shipping-services"

export { RETURN_LABEL_READY_EVENT }

/** Announces `return.label_ready` for a requested return carrying our labels; returns whether it did. */
export async function announceReturnLabels(
  container: MedusaContainer,
  returnId: string
): Promise<boolean> {
  const ret = await readReturn(container, returnId)
  if (!ret || ret.canceled_at) return false
  const ours = (ret.fulfillments ?? []).filter(
    (f) => isOurProvider(f.provider_id) && !f.canceled_at
  )
  if (!ours.length) return false
  const shipping = shippingOf(container)
  const rows = (await labelRowsOf(shipping, [ret])).get(ret.id) ?? []
  if (!rows.length) return false
  await emitPluginEvents(eventBusOf(container), [
    {
      name: RETURN_LABEL_READY_EVENT,
      data: {
        return_id: ret.id,
        order_id: ret.order_id,
        fulfillment_ids: ours.map((f) => f.id),
        tracking_numbers: rows.map((r) => r.tracking_number),
      } satisfies ReturnLabelReadyData,
    },
  ])
  return true
}

export type ReturnLabelNotification = {
  to: string
  data: ReturnNotificationData
  attachments: {
    content: string
    filename: string
    content_type: string
    disposition: "attachment" | "inline"
    id?: string
  }[]
}

/**
 * Null without labels, email, or with `no_notification`. Labels go as attachments to the order's email (guests too),
 * QR codes inline; the data carries only links and numbers, since Medusa stores it.
 */
export async function returnLabelNotification(
  container: MedusaContainer,
  returnId: string
): Promise<ReturnLabelNotification | null> {
  const ret = await readReturn(container, returnId)
  if (!ret?.order?.email || ret.canceled_at) return null
  if (ret.order.no_notification || ret.no_notification) return null
  const shipping = shippingOf(container)
  const options = shipping.getOptions()
  const rows = (await labelRowsOf(shipping, [ret])).get(ret.id) ?? []
  if (!rows.length) return null
  const view = customerReturnView({
    orderId: ret.order_id,
    ret,
    rows,
    options,
  })
  const data = returnNotificationData({
    order: ret.order,
    returnId: ret.id,
    labels: view.labels,
    options,
  })
  const attachments: ReturnLabelNotification["attachments"] = []
  for (const [i, label] of view.labels.entries()) {
    const row = rows.find(
      (r) => (r.parcel_index ?? 0) + 1 === label.parcel_number
    )!
    const [full] = await shipping.listShipments({ id: row.id })
    for (let page = 0; page < label.pages; page++) {
      const { bytes } = await readLabelPage(container, full, page)
      if (!bytes) continue
      const contentId = data.labels[i]!.content_id
      attachments.push({
        content: bytes.toString("base64"),
        filename:
          label.pages > 1
            ? label.file_name.replace(/(\.[a-z0-9]+)$/, `-${page + 1}$1`)
            : label.file_name,
        content_type: label.mime_type,
        disposition: contentId ? "inline" : "attachment",
        ...(contentId && page === 0 ? { id: contentId } : {}),
      })
    }
  }
  return { to: ret.order.email, data, attachments }
}

import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
  Modules,
} from "@medusajs/framework/utils"
import type { FulfillmentState } from "../../lib/shipments/voidability"
import { checkoutView, type CheckoutView } from "../../lib/views/checkout-view"
import {
  autoFulfillmentView,
  type AutoFulfillmentView,
} from "../../lib/views/auto-fulfillment-view"
import {
  returnOfReturn,
  shipmentView,
  type ReturnOf,
  type ShipmentRow,
  type ShipmentView,
} from "../../lib/views/shipment-view"
import type { StoredEvent } from "../../lib/views/timeline"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import { pluginClient } from "../../lib/plugin-client"
import type { WaitingReturnLabelView } from "../../lib/returns/waiting-label"
import { waitingReturnLabelsOf } from "../returns/waiting-return-labels"
import { shippingOf } from "../../modules/shipping-services"

/** Enough for any real parcel's timeline; a runaway sender cannot make the page unbounded. */
const MAX_EVENTS = 2_000

export type OrderShipmentsData = {
  rows: ShipmentRow[]
  events: StoredEvent[]
  fulfillments: Map<string, NonNullable<FulfillmentState>>
}

/** The order's labels (outbound and return), their events (matched or not yet) and their fulfillments. */
export async function loadOrderShipments(
  container: MedusaContainer,
  orderId: string
): Promise<OrderShipmentsData> {
  const shipping = shippingOf(container)
  const found = (await shipping.listShipments(
    { order_id: orderId },
    { order: { created_at: "ASC" } }
  )) as unknown as ShipmentRow[]
  if (!found.length) return { rows: found, events: [], fulfillments: new Map() }
  const pages = await shipping
    .versions()
    .labelPageCounts(found.map((r) => r.id))
  const rows = found.map((r) => ({ ...r, label_pages: pages.get(r.id) ?? 0 }))
  const numbers = rows
    .map((r) => r.tracking_number)
    .filter((n): n is string => !!n)
  const eventFilter = numbers.length
    ? {
        $or: [
          { shipment_id: rows.map((r) => r.id) },
          { shipment_id: null, tracking_number: numbers },
        ],
      }
    : { shipment_id: rows.map((r) => r.id) }
  // The newest ones: past the cap the oldest scans go, never the latest status (Delivered).
  const newest = (await shipping.listTrackingEvents(eventFilter, {
    take: MAX_EVENTS,
    order: { occurred_at: "DESC" },
  })) as unknown as StoredEvent[]
  const events = newest.reverse()
  const fulfillmentIds = [
    ...new Set(
      rows.map((r) => r.fulfillment_id).filter((id): id is string => !!id)
    ),
  ]
  const fulfillmentRows = fulfillmentIds.length
    ? await container
        .resolve(Modules.FULFILLMENT)
        .listFulfillments(
          { id: fulfillmentIds },
          { select: ["id", "shipped_at", "delivered_at", "canceled_at"] }
        )
    : []
  return {
    rows,
    events,
    fulfillments: new Map(fulfillmentRows.map((f) => [f.id, f])),
  }
}

/** The Medusa return (and its exchange or claim) of each return label's fulfillment. */
async function returnsOfLabels(
  container: MedusaContainer,
  shipping: ShippingServicesModuleService,
  rows: readonly ShipmentRow[]
): Promise<Map<string, ReturnOf>> {
  const ids = rows
    .filter((r) => r.is_return && r.fulfillment_id)
    .map((r) => r.fulfillment_id as string)
  const returnIds = await shipping
    .medusa()
    .returnsOfFulfillments([...new Set(ids)])
  if (!returnIds.size) return new Map()
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({
      entity: "return",
      fields: ["id", "exchange_id", "claim_id"],
      filters: { id: [...new Set(returnIds.values())] },
    })
  const byId = new Map(
    (
      data as {
        id: string
        exchange_id?: string | null
        claim_id?: string | null
      }[]
    ).map((r) => [r.id, returnOfReturn(r)])
  )
  const byFulfillment = new Map<string, ReturnOf>()
  for (const [fulfillmentId, returnId] of returnIds) {
    const of = byId.get(returnId)
    if (of) byFulfillment.set(fulfillmentId, of)
  }
  return byFulfillment
}

/** Throws Medusa's 404 unless the order exists; returns its customer. */
export async function findOrder(
  container: MedusaContainer,
  orderId: string
): Promise<{ id: string; customer_id: string | null }> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "customer_id"],
    filters: { id: orderId },
  })
  const order = data[0] as
    { id: string; customer_id?: string | null } | undefined
  if (!order)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Order with id: ${orderId} was not found`
    )
  return { id: order.id, customer_id: order.customer_id ?? null }
}

export type AdminOrderShipments = {
  order_id: string
  shipments: ShipmentView[]
  auto_fulfillment: AutoFulfillmentView | null
  /** What checkout kept on the order: a fallback price, the delivery promised. */
  checkout: CheckoutView | null
  /** Return labels of the order's exchanges and claims not bought yet, and why. */
  waiting_return_labels: WaitingReturnLabelView[]
}

/** GET /admin/shipping-services/orders/:id/shipments. */
export async function adminOrderShipments(
  container: MedusaContainer,
  orderId: string,
  now = new Date()
): Promise<AdminOrderShipments> {
  await findOrder(container, orderId)
  const shipping = shippingOf(container)
  const options = shipping.getOptions()
  // What the plugin's own calls last read of the sandbox's clock (no call made here).
  const sandboxNow = pluginClient(
    options,
    container.resolve(ContainerRegistrationKeys.LOGGER)
  ).sandboxNow()
  const [{ rows, events, fulfillments }, [record], methods] = await Promise.all(
    [
      loadOrderShipments(container, orderId),
      shipping.listAutoFulfillments({ order_id: orderId }),
      shippingMethodsOf(container, orderId),
    ]
  )
  const [returns, waiting] = await Promise.all([
    returnsOfLabels(container, shipping, rows),
    waitingReturnLabelsOf(container, orderId, options),
  ])
  return {
    order_id: orderId,
    shipments: rows.map((row) =>
      shipmentView({
        row,
        events,
        fulfillment:
          (row.fulfillment_id && fulfillments.get(row.fulfillment_id)) || null,
        options,
        now,
        sandboxNow,
        returnOf:
          (row.fulfillment_id && returns.get(row.fulfillment_id)) || null,
      })
    ),
    auto_fulfillment: autoFulfillmentView(
      record,
      options.autoFulfill.maxAttempts
    ),
    checkout: checkoutView(methods),
    waiting_return_labels: waiting,
  }
}

async function shippingMethodsOf(
  container: MedusaContainer,
  orderId: string
): Promise<{ amount?: unknown; data?: unknown }[]> {
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({
      entity: "order",
      fields: ["id", "shipping_methods.amount", "shipping_methods.data"],
      filters: { id: orderId },
    })
  return (
    (data[0] as { shipping_methods?: { amount?: unknown; data?: unknown }[] })
      ?.shipping_methods ?? []
  )
}

/** One label's view (after a reprint or a void), through its order. */
export async function adminShipmentView(
  container: MedusaContainer,
  shipmentId: string
): Promise<ShipmentView | null> {
  const shipping = shippingOf(container)
  const [row] = await shipping.listShipments(
    { id: shipmentId },
    { select: ["id", "order_id"] }
  )
  if (!row?.order_id) return null
  const { shipments } = await adminOrderShipments(container, row.order_id)
  return shipments.find((s) => s.id === shipmentId) ?? null
}

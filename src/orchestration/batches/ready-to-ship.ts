import { ALWAYS_CROSS_BORDER } from "../../lib/batches/lane"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Lane } from "../../lib/batches/lane"
import {
  awaitingOrderView,
  labelledOrderView,
  type ReadyOrder,
  type ReadyView,
} from "../../lib/batches/ready-view"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import { shippingOf } from "../../modules/shipping-services"

export type ReadyToShipQuery = {
  view: ReadyView
  service?: string
  lane?: Lane
  from?: Date
  to?: Date
  offset: number
  limit: number
}

export type ReadyToShipPage = {
  view: ReadyView
  orders: ReadyOrder[]
  count: number
  offset: number
  limit: number
  /** Outbound services to filter by, and the print settings a new batch starts from. */
  services: { id: string; name: string }[]
  printing: {
    layout: string
    packing_slips: boolean
    commercial_invoices: boolean
    separate: boolean
  }
}

type Metadata = { count?: number; skip?: number; take?: number }

/** One page of orders awaiting a label, or of labelled ones not printed, paged by Query; never the whole list. */
export async function readyToShip(
  container: MedusaContainer,
  q: ReadyToShipQuery
): Promise<ReadyToShipPage> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const shipping = shippingOf(container)
  const names = new Map(
    shipping.getOptions().services.map((s) => [s.id, s.name])
  )
  const serviceName = (id: string | null | undefined) =>
    id ? (names.get(id) ?? id) : null
  const range = (from?: Date, to?: Date) =>
    from || to
      ? { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) }
      : undefined
  const pagination = { skip: q.offset, take: q.limit }
  const options = shipping.getOptions()
  const page = {
    view: q.view,
    offset: q.offset,
    limit: q.limit,
    services: options.services
      .filter((s) => !s.isReturn)
      .map((s) => ({ id: s.id, name: s.name })),
    printing: {
      layout: options.printing.layout,
      packing_slips: options.printing.packingSlips,
      commercial_invoices: options.printing.commercialInvoices,
      separate: options.printing.separate,
    },
  }

  if (q.view === "awaiting") {
    const filters: Record<string, unknown> = {
      status: ["manual", "failed", "held", "waiting"],
    }
    if (q.service) filters.option_id = q.service
    if (q.lane) filters.lane = q.lane
    const placed = range(q.from, q.to)
    if (placed) filters.placed_at = placed
    const { data, metadata } = await query.graph({
      entity: "auto_fulfillment",
      fields: [
        "id",
        "order_id",
        "status",
        "last_error",
        "option_id",
        "lane",
        "display_id",
        "placed_at",
        "held_at",
        "attempts",
      ],
      filters,
      pagination: {
        ...pagination,
        order: { placed_at: "DESC", created_at: "DESC" },
      },
    })
    const rows = data as Parameters<typeof awaitingOrderView>[0][]
    const orders = await ordersById(
      container,
      rows.map((r) => r.order_id)
    )
    return {
      ...page,
      orders: rows.map((r) =>
        awaitingOrderView(r, orders.get(r.order_id), serviceName)
      ),
      count: (metadata as Metadata)?.count ?? rows.length,
    }
  }

  const filters: Record<string, unknown> = {
    status: "created",
    is_return: false,
    printed_at: null,
    parcel_index: 0,
    order_id: { $ne: null },
  }
  if (q.service) filters.option_id = q.service
  if (q.lane === "cross-border")
    filters.$or = [
      { variant: [...ALWAYS_CROSS_BORDER] },
      { customs: { $ne: null } },
    ]
  if (q.lane === "domestic")
    Object.assign(filters, {
      variant: { $nin: [...ALWAYS_CROSS_BORDER] },
      customs: null,
    })
  const labelled = range(q.from, q.to)
  if (labelled) filters.created_at = labelled
  const { data, metadata } = await query.graph({
    entity: "shipment",
    fields: [
      "id",
      "order_id",
      "option_id",
      "variant",
      "customs",
      "tracking_number",
      "created_at",
      "fulfillment_id",
    ],
    filters,
    pagination: { ...pagination, order: { created_at: "DESC" } },
  })
  const rows = data as LabelledRow[]
  const orders = await ordersById(
    container,
    rows.map((r) => r.order_id as string)
  )
  const bought = await boughtPerParcel(shipping, rows)
  return {
    ...page,
    orders: rows.map((r) =>
      labelledOrderView(
        r,
        orders.get(r.order_id as string),
        serviceName,
        bought.get(r.fulfillment_id ?? "") ?? null
      )
    ),
    count: (metadata as Metadata)?.count ?? rows.length,
  }
}

type LabelledRow = Parameters<typeof labelledOrderView>[0] & {
  fulfillment_id: string | null
}

/** One read, none while the page has no rate-shopping option. */
async function boughtPerParcel(
  shipping: ShippingServicesModuleService,
  rows: LabelledRow[]
): Promise<Map<string, string[]>> {
  const shopping = new Set(
    shipping
      .getOptions()
      .services.filter((s) => s.rateShopping)
      .map((s) => s.id)
  )
  const ids = rows
    .filter((r) => r.fulfillment_id && shopping.has(r.option_id))
    .map((r) => r.fulfillment_id!)
  const bought = new Map<string, string[]>()
  if (!ids.length) return bought
  const parcels = await shipping.listShipments(
    { fulfillment_id: ids, status: "created" },
    {
      select: ["fulfillment_id", "service_id"],
      order: { parcel_index: "ASC" },
    }
  )
  for (const p of parcels)
    bought.set(p.fulfillment_id!, [
      ...(bought.get(p.fulfillment_id!) ?? []),
      p.service_id,
    ])
  return bought
}

async function ordersById(container: MedusaContainer, ids: string[]) {
  if (!ids.length) return new Map()
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "display_id",
      "created_at",
      "email",
      "shipping_address.first_name",
      "shipping_address.last_name",
      "shipping_address.company",
      "shipping_address.city",
      "shipping_address.country_code",
    ],
    filters: { id: [...new Set(ids)] },
  })
  return new Map((data as { id: string }[]).map((o) => [o.id, o]))
}

import type { Knex } from "@medusajs/framework/mikro-orm/knex"

/**
 * Every read of Medusa's own tables, read-only. SQL, not Query: this module's and the provider's containers
 * hold no Query, and these questions (filters on `fulfillment.data`, "not linked") are not one bounded Query.
 * When Medusa renames a table, the module tests against its migrations fail here first.
 */
export class MedusaTables {
  constructor(private readonly knex: () => Knex) {}

  /** Which shipments the plugin's links already join to a fulfillment and to an order (the tables Medusa made for them). */
  async shipmentLinks(
    shipmentIds: string[]
  ): Promise<Map<string, { fulfillment: boolean; order: boolean }>> {
    if (!shipmentIds.length) return new Map()
    const { rows } = await this.knex().raw(
      `select s.id,
         exists (select 1 from fulfillment_fulfillment_shippingservices_shipment l
                  where l.shipment_id = s.id and l.deleted_at is null) as fulfillment,
         exists (select 1 from order_order_shippingservices_shipment l
                  where l.shipment_id = s.id and l.deleted_at is null) as "order"
       from unnest(?::text[]) as s(id)`,
      [shipmentIds]
    )
    return new Map(
      (rows as { id: string; fulfillment: boolean; order: boolean }[]).map(
        (r) => [r.id, { fulfillment: r.fulfillment, order: r.order }]
      )
    )
  }

  /** Linking is the last thing Medusa's fulfillment workflows do, so unlinked means left half-made. */
  async linkedFulfillments(fulfillmentIds: string[]): Promise<Set<string>> {
    if (!fulfillmentIds.length) return new Set()
    const { rows } = await this.knex().raw(
      `select fulfillment_id from order_fulfillment where fulfillment_id = any(?) and deleted_at is null
       union select fulfillment_id from return_fulfillment where fulfillment_id = any(?) and deleted_at is null`,
      [fulfillmentIds, fulfillmentIds]
    )
    return new Set(
      (rows as { fulfillment_id: string }[]).map((r) => r.fulfillment_id)
    )
  }

  async returnsOfFulfillments(
    fulfillmentIds: string[]
  ): Promise<Map<string, string>> {
    if (!fulfillmentIds.length) return new Map()
    const { rows } = await this.knex().raw(
      `select fulfillment_id, return_id from return_fulfillment where fulfillment_id = any(?) and deleted_at is null`,
      [fulfillmentIds]
    )
    return new Map(
      (rows as { fulfillment_id: string; return_id: string }[]).map((r) => [
        r.fulfillment_id,
        r.return_id,
      ])
    )
  }

  /** Return fulfillments still waiting for their label (exchange or claim returns), with their return id; oldest first. */
  async waitingReturnFulfillments(options: {
    providerPrefix: string
    since: Date
    /** The others wait for an admin. */
    maxAttempts: number
    limit?: number
  }): Promise<{ id: string; return_id: string }[]> {
    const { rows } = await this.knex().raw(
      `select f.id, r.return_id from fulfillment f
         join return_fulfillment r on r.fulfillment_id = f.id and r.deleted_at is null
        where left(f.provider_id, ?) = ? and f.deleted_at is null and f.canceled_at is null
          and f.created_at >= ?
          and f.data -> 'shipping_services' ->> 'awaiting_return_label' = 'true'
          and coalesce((f.data -> 'shipping_services' ->> 'attempts')::int, 0) < ?
        order by f.created_at asc
        limit ?`,
      [
        options.providerPrefix.length,
        options.providerPrefix,
        options.since,
        options.maxAttempts,
        options.limit ?? 100,
      ]
    )
    return rows as { id: string; return_id: string }[]
  }

  /**
   * Fulfillments a stopped process left unlinked while buying the label: no label, reservation or inventory change yet.
   * Only those too old to be running, not canceled, and that no journal label points at (canceling would void it).
   */
  async halfMadeFulfillments(options: {
    providerPrefix: string
    olderThanSeconds: number
    ids?: string[]
    limit?: number
  }): Promise<{ id: string; created_at: Date }[]> {
    const { rows } = await this.knex().raw(
      `select f.id, f.created_at from fulfillment f
        where left(f.provider_id, ?) = ? and f.deleted_at is null and f.canceled_at is null
          and f.created_at < now() - (? * interval '1 second')
          ${options.ids ? "and f.id = any(?)" : ""}
          and not exists (select 1 from order_fulfillment o where o.fulfillment_id = f.id and o.deleted_at is null)
          and not exists (select 1 from return_fulfillment r where r.fulfillment_id = f.id and r.deleted_at is null)
          and not exists (
            select 1 from shipping_services_shipment s
             where s.fulfillment_id = f.id and s.deleted_at is null
               and s.status in ('pending', 'created'))
        order by f.created_at asc
        limit ?`,
      [
        options.providerPrefix.length,
        options.providerPrefix,
        options.olderThanSeconds,
        ...(options.ids ? [options.ids] : []),
        options.limit ?? 100,
      ]
    )
    return rows as { id: string; created_at: Date }[]
  }

  /**
   * Linked but never registered on the order: a process stopped in createOrderFulfillmentWorkflow's last step group.
   * The lines then look unfulfilled and a retry would buy their labels again. Live ones, with their lines.
   */
  async unregisteredOrderFulfillments(options: {
    orderId: string
    providerPrefix: string
  }): Promise<{ id: string; items: { id: string; quantity: number }[] }[]> {
    const { rows } = await this.knex().raw(
      `select f.id, i.line_item_id, i.quantity::float8 as quantity
         from order_fulfillment o
         join fulfillment f on f.id = o.fulfillment_id
         join fulfillment_item i on i.fulfillment_id = f.id and i.deleted_at is null
        where o.order_id = ? and o.deleted_at is null
          and left(f.provider_id, ?) = ? and f.deleted_at is null and f.canceled_at is null
          and not exists (
            select 1 from order_change_action a
             where a.order_id = o.order_id and a.reference = 'fulfillment'
               and a.reference_id = f.id and a.deleted_at is null)
        order by f.created_at asc, i.line_item_id asc`,
      [options.orderId, options.providerPrefix.length, options.providerPrefix]
    )
    const byId = new Map<string, { id: string; quantity: number }[]>()
    for (const row of rows as {
      id: string
      line_item_id: string | null
      quantity: number
    }[]) {
      if (!row.line_item_id) continue
      const items = byId.get(row.id) ?? []
      items.push({ id: row.line_item_id, quantity: Number(row.quantity) })
      byId.set(row.id, items)
    }
    return [...byId].map(([id, items]) => ({ id, items }))
  }
}

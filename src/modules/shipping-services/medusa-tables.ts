import type { Knex } from "@medusajs/framework/mikro-orm/knex"

/**
 * Every read of Medusa's own tables (`fulfillment`, `fulfillment_item`, `order_fulfillment`,
 * `return_fulfillment`, `order_change_action`), in one place.
 *
 * Why SQL and not Query: the callers are this module's service and the fulfillment provider,
 * whose containers hold no Query (module isolation), and the questions asked here are ones Query
 * cannot answer in one bounded statement: a filter on `fulfillment.data`, "not linked to any
 * order or return", "linked but never registered on the order". The link tables are named by
 * @medusajs/link-modules; the fulfillment tables by @medusajs/fulfillment. Reads only: Medusa's
 * rows are written by Medusa's workflows, never here. When Medusa renames one of these, the
 * module tests against its migrations fail here first.
 */
export class MedusaTables {
  constructor(private readonly knex: () => Knex) {}

  /**
   * Which of these fulfillments Medusa linked to an order or a return: the last thing its
   * fulfillment workflows do, so an unlinked one was left half-made by a process that stopped.
   */
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

  /** The Medusa return each of these (return) fulfillments belongs to, in one statement. */
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

  /**
   * Return fulfillments of this provider still waiting for their label (the return part of an
   * exchange or a claim, bought by the sweep of waiting return labels), live and linked to their
   * Medusa return, created since `since`; with that return's id. Oldest first. Medusa's query
   * cannot filter on `fulfillment.data`.
   */
  async waitingReturnFulfillments(options: {
    providerPrefix: string
    since: Date
    /** Those with fewer failed purchases than this (the others wait for an admin). */
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
   * Fulfillments of this provider that a stopped process left half-made: created by Medusa's
   * fulfillment module (its row, items and delivery address, committed before the provider is
   * called), then never linked to an order or a return, because the process died while the label
   * was being bought (or before Medusa's next steps). They hold no label, no reservation and no
   * inventory change (Medusa adjusts those only with the link, after the provider returned).
   * Only those old enough that their workflow cannot be running (`olderThanSeconds`, by the
   * database's clock), not canceled, and that no label of the plugin's journal still points at
   * (a purchase pending, a bought label not yet re-homed, an orphan kept: canceling would void
   * it through the provider). Oldest first.
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
   * Fulfillments of this provider that Medusa linked to the order but never registered on it: a
   * process stopped inside createOrderFulfillmentWorkflow's last step group, whose steps (the
   * order's FULFILL_ITEM change, the order link, the reservations) run side by side, after the
   * fulfillment, its labels and the inventory adjustment were committed. The order's lines then
   * look unfulfilled, and a new attempt would buy their labels again (the platform-faults test
   * found 7 of 100 orders with two). Live ones only (not canceled, not deleted), with their lines.
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

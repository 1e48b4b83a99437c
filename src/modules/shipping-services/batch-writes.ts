import type { Knex } from "@medusajs/framework/mikro-orm/knex"

const BATCH_ITEM_FIELDS = new Map<string, "json" | "value">([
  ["status", "value"],
  ["attempts", "value"],
  ["error", "json"],
  ["fulfillment_ids", "json"],
  ["shipment_ids", "json"],
])

/** Print batch writes that must be one statement each. */
export class BatchWrites {
  constructor(private readonly knex: () => Knex) {}

  /** Compare-and-set, so an admin's retry meanwhile wins; leaving `buying` requires no item waiting or running. */
  async transition(
    id: string,
    from: "buying" | "printing",
    to: "buying" | "printing" | "done",
    finishedAt: Date | null = null
  ): Promise<boolean> {
    const knex = this.knex()
    const { rows } = await knex.raw(
      `update shipping_services_batch b set status = ?, finished_at = ?, updated_at = now()
       where b.id = ? and b.status = ? and b.deleted_at is null
         and (? <> 'buying' or not exists (
           select 1 from shipping_services_batch_item i
            where i.batch_id = b.id and i.status in ('waiting', 'running') and i.deleted_at is null))
       returning b.id`,
      [to, finishedAt, id, from, from]
    )
    return rows.length > 0
  }

  /** One statement returning the old values for compensation (the ORM cost three statements per order). */
  async setItem(
    id: string,
    fields: Partial<
      Record<
        "status" | "attempts" | "error" | "fulfillment_ids" | "shipment_ids",
        unknown
      >
    >
  ): Promise<Record<string, unknown> | null> {
    const set = Object.entries(fields).map(([column, value]) => {
      if (!BATCH_ITEM_FIELDS.has(column))
        throw new Error(
          `shipping_services_batch_item: ${column} is not settable`
        )
      return BATCH_ITEM_FIELDS.get(column) === "json"
        ? {
            sql: `${column} = ?::jsonb`,
            value: value == null ? null : JSON.stringify(value),
          }
        : { sql: `${column} = ?`, value: (value ?? null) as Knex.Value }
    })
    const columns = [...BATCH_ITEM_FIELDS.keys()]
    const knex = this.knex()
    const { rows } = await knex.raw(
      `with old as (
         select id, ${columns.join(", ")} from shipping_services_batch_item
         where id = ? and deleted_at is null for update)
       update shipping_services_batch_item item
         set ${[...set.map((c) => c.sql), "updated_at = now()"].join(", ")}
       from old where item.id = old.id
       returning ${["id", ...columns].map((c) => `old.${c}`).join(", ")}`,
      [id, ...set.map((c) => c.value)]
    )
    return (rows[0] as Record<string, unknown> | undefined) ?? null
  }
}

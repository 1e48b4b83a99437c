import type { Knex } from "@medusajs/framework/mikro-orm/knex"

export type ShipmentTrackingFields = {
  tracking_status: string | null
  tracking_status_at: Date | null
  last_event_at: Date | null
  shipped_applied_at?: Date
  delivered_applied_at?: Date
  /** null once delivered (nothing more to poll); a date only when a compensation puts it back. */
  next_poll_at?: Date | null
}

const COLUMN = /^[a-z_]+$/

function columns(names: readonly string[], table: string, prefix = "") {
  for (const n of names)
    if (!COLUMN.test(n)) throw new Error(`not a column name: ${n}`)
  return names.map((n) => `${table}.${n} as "${prefix}${n}"`).join(", ")
}

/** Apply-path statements, one each: it runs per delivery per parcel, and these rows need no ORM hydration or events. */
export class TrackingWrites {
  constructor(private readonly knex: () => Knex) {}

  /** A shipment's columns and its events' (oldest id first) in one statement; undefined when it is gone. */
  async timeline(
    id: string,
    shipmentColumns: readonly string[],
    eventColumns: readonly string[]
  ): Promise<
    | { shipment: Record<string, unknown>; events: Record<string, unknown>[] }
    | undefined
  > {
    const { rows } = await this.knex().raw(
      `select ${columns(shipmentColumns, "shipment")}, ${columns(eventColumns, "event", "event.")}
       from shipping_services_shipment shipment
       left join shipping_services_tracking_event event
         on event.shipment_id = shipment.id and event.deleted_at is null
       where shipment.id = ? and shipment.deleted_at is null
       order by event.id asc`,
      [id]
    )
    const all = rows as Record<string, unknown>[]
    if (!all.length) return undefined
    const pick = (
      row: Record<string, unknown>,
      names: readonly string[],
      prefix = ""
    ) => Object.fromEntries(names.map((n) => [n, row[`${prefix}${n}`]]))
    return {
      shipment: pick(all[0]!, shipmentColumns),
      events: all
        .filter((r) => r["event.id"] != null)
        .map((r) => pick(r, eventColumns, "event.")),
    }
  }

  /** Live shipments (created or voided) of these numbers with their unprocessed events, one row per event. */
  async pendingEvents(trackingNumbers: string[]): Promise<
    {
      shipment_id: string
      tracking_number: string
      fulfillment_id: string | null
      event_id: string
      event_shipment_id: string | null
    }[]
  > {
    if (!trackingNumbers.length) return []
    const { rows } = await this.knex().raw(
      `select shipment.id as shipment_id, shipment.tracking_number, shipment.fulfillment_id,
              event.id as event_id, event.shipment_id as event_shipment_id
       from shipping_services_shipment shipment
       join shipping_services_tracking_event event
         on event.tracking_number = shipment.tracking_number
        and event.processed_at is null and event.deleted_at is null
       where shipment.tracking_number = any(?) and shipment.status in ('created', 'voided')
         and shipment.deleted_at is null`,
      [trackingNumbers]
    )
    return rows
  }

  /** One statement; null unlinks. */
  async linkEvents(
    links: { id: string; shipment_id: string | null }[]
  ): Promise<void> {
    if (!links.length) return
    const knex = this.knex()
    await knex.raw(
      `update shipping_services_tracking_event event
         set shipment_id = link.shipment_id, updated_at = now()
       from (values ${links.map(() => "(?, ?::text)").join(", ")}) as link(id, shipment_id)
       where event.id = link.id and event.deleted_at is null`,
      links.flatMap((l) => [l.id, l.shipment_id])
    )
  }

  async markEventsProcessed(
    ids: string[],
    processedAt: Date,
    outcome: string
  ): Promise<number> {
    if (!ids.length) return 0
    const knex = this.knex()
    return knex("shipping_services_tracking_event")
      .whereIn("id", ids)
      .whereNull("deleted_at")
      .update({ processed_at: processedAt, outcome, updated_at: knex.fn.now() })
  }

  async recordShipment(
    id: string,
    fields: ShipmentTrackingFields
  ): Promise<number> {
    const knex = this.knex()
    return knex("shipping_services_shipment")
      .where({ id })
      .whereNull("deleted_at")
      .update({ ...fields, updated_at: knex.fn.now() })
  }
}

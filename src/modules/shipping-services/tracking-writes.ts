import type { Knex } from "@medusajs/framework/mikro-orm/knex"

/** What applying a timeline writes on the shipment. */
export type ShipmentTrackingFields = {
  tracking_status: string | null
  tracking_status_at: Date | null
  last_event_at: Date | null
  shipped_applied_at?: Date
  delivered_applied_at?: Date
  /** null once delivered (nothing more to poll); a date only when a compensation puts it back. */
  next_poll_at?: Date | null
}

/**
 * The tracking apply path runs for every delivery of every parcel, so its writes skip the
 * ORM's read-before-update (MedusaService's update loads each row first, in a transaction):
 * one UPDATE each. These rows have no relations and nothing listens to their entity events.
 * (Storing the events themselves: the tracking event writer.)
 */
export class TrackingWrites {
  constructor(private readonly knex: () => Knex) {}

  /**
   * Links stored tracking events to their shipment (null unlinks), in one statement: the ORM's
   * update read them first in a transaction of its own, on every tracking delivery.
   */
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

  /** Marks stored events applied (or not), with the outcome. */
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

  /** Only the tracking fields of one shipment. */
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

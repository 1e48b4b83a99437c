import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { entityId } from "../../lib/entity-id"
import { bytesOf, type NewDocument } from "./documents"
import { Shipment, type ShipmentRecord } from "./models"

type DmlProperty = { parse(field: string): { dataType?: { name?: string } } }

/** Raw-updatable shipment columns, and which hold JSON (from the data model). */
const SHIPMENT_COLUMNS = new Map<string, "json" | "value">(
  Object.entries(
    (Shipment as unknown as { schema: Record<string, DmlProperty> }).schema
  )
    .filter(([column]) => !["id", "created_at", "updated_at"].includes(column))
    .map(([column, property]) => [
      column,
      property.parse(column).dataType?.name === "json" ? "json" : "value",
    ])
)

export function shipmentColumn(
  column: string,
  value: unknown
): { column: string; placeholder: string; value: Knex.Value } {
  const kind = SHIPMENT_COLUMNS.get(column)
  if (!kind)
    throw new Error(`shipping_services_shipment has no column ${column}`)
  return kind === "json"
    ? {
        column,
        placeholder: "?::jsonb",
        value: value == null ? null : JSON.stringify(value),
      }
    : { column, placeholder: "?", value: (value ?? null) as Knex.Value }
}

/** Purchase-path journal writes, one statement each: the ORM cost several round trips per label (bench:auto-fulfill). */
export class LabelJournal {
  constructor(private readonly knex: () => Knex) {}

  /** One INSERT: the ORM's create took a transaction and emitted an event-bus job per label. */
  async insertShipment(
    fields: Record<string, unknown>
  ): Promise<ShipmentRecord> {
    const columns = Object.entries(fields).map(([column, value]) =>
      shipmentColumn(column, value)
    )
    const knex = this.knex()
    const { rows } = await knex.raw(
      `insert into shipping_services_shipment (id, ${columns.map((c) => c.column).join(", ")})
       values (?, ${columns.map((c) => c.placeholder).join(", ")}) returning *`,
      [entityId("ssship"), ...columns.map((c) => c.value)]
    )
    return rows[0] as ShipmentRecord
  }

  /**
   * The parcel's standing rows (newest first), or a new row in the same statement: a first purchase costs one
   * round trip. Concurrent processes are kept apart by the claim and the leases.
   */
  async insertShipmentUnlessRequested(
    requestKey: string,
    fields: Record<string, unknown>
  ): Promise<
    | { inserted: ShipmentRecord; previous?: undefined }
    | { inserted?: undefined; previous: ShipmentRecord[] }
  > {
    const columns = Object.entries({ ...fields, request_key: requestKey }).map(
      ([column, value]) => shipmentColumn(column, value)
    )
    const knex = this.knex()
    const { rows } = await knex.raw(
      `with previous as (
         select * from shipping_services_shipment
         where request_key = ? and status in ('created', 'pending') and deleted_at is null),
       inserted as (
         insert into shipping_services_shipment (id, ${columns.map((c) => c.column).join(", ")})
         select ?, ${columns.map((c) => c.placeholder).join(", ")}
         where not exists (select 1 from previous)
         returning *)
       select false as inserted_now, * from previous
       union all
       select true, * from inserted`,
      [requestKey, entityId("ssship"), ...columns.map((c) => c.value)]
    )
    const records = (
      rows as (ShipmentRecord & { inserted_now?: boolean })[]
    ).map(({ inserted_now, ...row }) => ({ inserted_now, row }))
    const fresh = records.find((r) => r.inserted_now)
    if (fresh) return { inserted: fresh.row as ShipmentRecord }
    return {
      previous: records
        .map((r) => r.row as ShipmentRecord)
        .sort(
          (a, b) =>
            new Date(b.created_at).getTime() - new Date(a.created_at).getTime()
        ),
    }
  }

  /** One statement returning the old values for compensation, or null when gone; tracking records each transition so. */
  async swapShipmentFields(
    id: string,
    fields: Record<string, unknown>
  ): Promise<Record<string, unknown> | null> {
    const set = Object.entries(fields).map(([column, value]) =>
      shipmentColumn(column, value)
    )
    if (!set.length) return null
    const knex = this.knex()
    const { rows } = await knex.raw(
      `with old as (
         select id, ${set.map((c) => c.column).join(", ")} from shipping_services_shipment
         where id = ? and deleted_at is null for update)
       update shipping_services_shipment shipment
         set ${[...set.map((c) => `${c.column} = ${c.placeholder}`), "updated_at = now()"].join(", ")}
       from old where shipment.id = old.id
       returning ${set.map((c) => `old.${c.column}`).join(", ")}`,
      [id, ...set.map((c) => c.value)]
    )
    return (rows[0] as Record<string, unknown> | undefined) ?? null
  }

  /**
   * Stores documents and updates the shipment in one statement, so a label is on both or neither.
   * Bytes always go to the database first; the workflows move them to the File Module afterwards.
   */
  async storeDocuments(
    documents: NewDocument[],
    shipmentUpdate?: Record<string, unknown> & { id: string }
  ): Promise<ShipmentRecord | undefined> {
    const knex = this.knex()
    const values: Knex.Value[] = []
    const tuples = documents.map((d) => {
      const bytes = bytesOf(d.content)
      values.push(
        entityId("ssdoc"),
        d.kind,
        d.owner_id,
        d.page ?? 0,
        d.version ?? 0,
        d.mime_type,
        d.format ?? null,
        bytes.length,
        bytes
      )
      return "(?, ?, ?, ?, ?, ?, ?, ?, 'database', ?)"
    })
    const insert = tuples.length
      ? `insert into shipping_services_document (id, kind, owner_id, page, version, mime_type, format, size, storage, content) values ${tuples.join(", ")}`
      : ""
    if (!shipmentUpdate) {
      if (insert) await knex.raw(insert, values)
      return undefined
    }
    const { id, ...fields } = shipmentUpdate
    const set = Object.entries({
      ...fields,
      // Stored again: retention must not count it removed.
      ...(documents.some((d) => d.kind === "label")
        ? { documents_removed_at: null }
        : {}),
    }).map(([column, value]) => shipmentColumn(column, value))
    const { rows } = await knex.raw(
      `${insert ? `with documents as (${insert} returning id) ` : ""}update shipping_services_shipment
         set ${[...set.map((c) => `${c.column} = ${c.placeholder}`), "updated_at = now()"].join(", ")}
       where id = ? and deleted_at is null returning *`,
      [...values, ...set.map((c) => c.value), id]
    )
    if (!rows.length) throw new Error(`Shipment with id: ${id} was not found`)
    return rows[0] as ShipmentRecord
  }

  /** Crash recovery leaves attached labels alone. */
  async markShipmentsAttached(ids: string[]): Promise<void> {
    if (!ids.length) return
    const knex = this.knex()
    await knex.raw(
      `update shipping_services_shipment set attached_at = now(), updated_at = now() where id = any(?) and attached_at is null and deleted_at is null`,
      [ids]
    )
  }

  /** Earlier print dates are kept; returns the ids marked now. */
  async markPrinted(shipmentIds: string[], at = new Date()): Promise<string[]> {
    if (!shipmentIds.length) return []
    const knex = this.knex()
    const { rows } = await knex.raw(
      `update shipping_services_shipment set printed_at = ?, updated_at = now()
       where id = any(?) and printed_at is null and deleted_at is null returning id`,
      [at, shipmentIds]
    )
    return (rows as { id: string }[]).map((r) => r.id)
  }

  async clearPrinted(shipmentIds: string[]): Promise<void> {
    if (!shipmentIds.length) return
    const knex = this.knex()
    await knex.raw(
      `update shipping_services_shipment set printed_at = null, updated_at = now()
       where id = any(?) and deleted_at is null`,
      [shipmentIds]
    )
  }
}

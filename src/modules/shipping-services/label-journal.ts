import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { entityId } from "../../lib/entity-id"
import { bytesOf, type NewDocument } from "./documents"
import { Shipment, type ShipmentRecord } from "./models"

type DmlProperty = { parse(field: string): { dataType?: { name?: string } } }

/** The shipment's columns a raw update may set, and which hold JSON (from the data model). */
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

/** A column of a raw shipment write: checked against the model, JSON bound as JSON. */
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

/**
 * Writes of the label journal (shipping_services_shipment) on the purchase path, each in one
 * statement: the ORM's generated create and update take a transaction of their own and read the
 * row first, several round trips per label bought (measured in bench:auto-fulfill). Columns are
 * checked against the data model (shipmentColumn); values are bound.
 */
export class LabelJournal {
  constructor(private readonly knex: () => Knex) {}

  /**
   * A new row of the label journal, in one INSERT (the ORM's create took a transaction of its
   * own, and its entity event became a job on the event bus for every label bought in a
   * cluster). The columns' defaults are the database's, as for the ORM.
   */
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
   * The label journal's rows still standing for a parcel (`created` or `pending`, newest first),
   * or, when there are none, a new row inserted in the same statement: a label bought for the
   * first time (the usual case) costs one round trip instead of a read and an INSERT. Two
   * processes on the same parcel are kept apart by the automatic fulfillment's claim and the
   * leases, as they were with the read and the INSERT apart.
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

  /**
   * Sets fields of a shipment in one statement and returns them as they were (a workflow's
   * compensation puts them back); null when the shipment is gone. The tracking apply path records
   * each transition so: the read for the compensation and the ORM's update (another read and the
   * update, in a transaction) were four statements per transition.
   */
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
   * Stores files (label pages, manifests, print files) and updates a shipment at once: a label is
   * on its row and in its documents, or neither. One statement (the documents' INSERT in a WITH
   * of the shipment's UPDATE), atomic without a transaction of its own: the ORM's update read the
   * row first, five round trips per label bought (bench:auto-fulfill). The bytes go into the
   * database first whatever `documents.storage` says; the workflows that stored them move them
   * to the File Module afterwards (the documents' move).
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
      // Stored again (a reprint, a late download): no longer removed by retention.
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

  /** Marks labels as held by a finished fulfillment (crash recovery leaves them alone), in one statement. */
  async markShipmentsAttached(ids: string[]): Promise<void> {
    if (!ids.length) return
    const knex = this.knex()
    await knex.raw(
      `update shipping_services_shipment set attached_at = now(), updated_at = now() where id = any(?) and attached_at is null and deleted_at is null`,
      [ids]
    )
  }

  /**
   * Marks labels as printed (their print file was downloaded); labels printed before keep their
   * date. Returns the ids it marked now.
   */
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

  /** Compensation of markPrinted: these labels are unprinted again (Ready to ship lists them). */
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

import { CARRIER_OF_VARIANT, type Variant } from "../../shipping-api/constants"
import { voidRefusal } from "../../shipping-api/rules/void"

export type OrphanView = {
  id: string
  order_id: string | null
  tracking_number: string | null
  carrier: string
  service_id: string
  created_at: string
  orphaned_at: string | null
  status: string
  /** "orphan" when the plugin voided it on its own. */
  void_reason: string | null
  voided_at: string | null
  /** And why not. */
  voidable: boolean
  reason: string | null
}

type Row = {
  id: string
  order_id: string | null
  tracking_number: string | null
  carrier: string
  service_id: string
  variant: Variant
  is_return: boolean
  parcel_type: string | null
  status: string
  created_at: Date | string
  orphaned_at: Date | string | null
  void_reason: string | null
  voided_at: Date | string | null
  error: unknown
}

const iso = (v: Date | string | null | undefined) =>
  v ? new Date(v).toISOString() : null

export function orphanView(row: Row, now: Date | number): OrphanView {
  const refusal =
    row.status === "created"
      ? voidRefusal(
          {
            carrier: CARRIER_OF_VARIANT[row.variant],
            createdAt: new Date(row.created_at),
            isReturn: row.is_return,
            parcelType: row.parcel_type,
          },
          now
        )
      : undefined
  const error = (row.error as { message?: unknown } | null)?.message
  return {
    id: row.id,
    order_id: row.order_id,
    tracking_number: row.tracking_number,
    carrier: row.carrier,
    service_id: row.service_id,
    created_at: new Date(row.created_at).toISOString(),
    orphaned_at: iso(row.orphaned_at),
    status: row.status,
    void_reason: row.void_reason,
    voided_at: iso(row.voided_at),
    voidable: row.status === "created" && !refusal,
    reason:
      row.status === "voided"
        ? null
        : (refusal?.message ?? (typeof error === "string" ? error : null)),
  }
}

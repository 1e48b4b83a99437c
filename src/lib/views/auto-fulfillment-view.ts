import { errorView } from "./shipment-view"

export type AutoFulfillmentRow = {
  status:
    | "pending"
    | "running"
    | "succeeded"
    | "failed"
    | "skipped"
    | "manual"
    | "held"
    /** No attempt spent; bought when the service answers again. */
    | "waiting"
  attempts: number
  next_attempt_at: Date | string | null
  last_error: unknown
  updated_at?: Date | string | null
}

export type AutoFulfillmentView = {
  status: AutoFulfillmentRow["status"]
  attempts: number
  max_attempts: number
  /** The provider's and the service's words. */
  last_error: string | null
  /** Null when it will not (no attempts left, or not failed). */
  next_attempt_at: string | null
  /** POST …/auto-fulfill */
  can_retry: boolean
  updated_at: string | null
}

export function autoFulfillmentView(
  row: AutoFulfillmentRow | null | undefined,
  maxAttempts: number
): AutoFulfillmentView | null {
  if (!row) return null
  return {
    status: row.status,
    attempts: row.attempts,
    max_attempts: maxAttempts,
    last_error:
      row.status === "failed"
        ? (errorView(row.last_error)?.message ??
          "The automatic fulfillment failed.")
        : row.status === "waiting"
          ? (errorView(row.last_error)?.message ??
            "Waiting for the shipping service to answer again.")
          : null,
    next_attempt_at:
      row.status === "failed" && row.next_attempt_at
        ? new Date(row.next_attempt_at).toISOString()
        : null,
    can_retry: row.status === "failed" || row.status === "waiting",
    updated_at: row.updated_at ? new Date(row.updated_at).toISOString() : null,
  }
}

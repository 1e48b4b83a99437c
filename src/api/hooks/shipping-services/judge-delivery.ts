import type { IncomingMessage } from "node:http"
import { keyMatches } from "../../../lib/webhooks/auth"
import { rowOfNotification } from "../../../lib/tracking/rows"
import {
  parseJsonBytes,
  refuseContentType,
  type BodyRefusal,
} from "../../../lib/ingest/json-body"
import {
  parseNotificationBody,
  parseReferenceId,
} from "../../../shipping-api/schemas/notification"
import type { Violation } from "../../../shipping-api/violation"
import { readBody } from "./read-body"

export type DeliveryVerdict =
  | { ok: false; status: 401 }
  | ({ ok: false } & BodyRefusal)
  | { ok: false; status: 400; violations: Violation[] }
  | {
      ok: true
      referenceId: string | null
      rows: ReturnType<typeof rowOfNotification>[]
    }

/** Everything the receiver decides before the database: 401 (body unread), 415, 413, 400, or the rows to store. */
export async function judgeDelivery(
  req: IncomingMessage,
  accepted: {
    headerName: string
    keys: readonly (string | null | undefined)[]
  }
): Promise<DeliveryVerdict> {
  if (
    !keyMatches(req.headers[accepted.headerName.toLowerCase()], accepted.keys)
  )
    return { ok: false, status: 401 }
  const refusal = refuseContentType(
    req.headers["content-type"],
    req.headers["content-encoding"]
  )
  if (refusal) return { ok: false, ...refusal }
  const body = await readBody(req)
  if (!body.ok) return body
  const json = parseJsonBytes(body.bytes)
  if (!json.ok) return json

  const reference = parseReferenceId(req.headers["x-vendor-referenceid"])
  const parsed = parseNotificationBody(json.value)
  if (!reference.ok || !parsed.ok)
    return {
      ok: false,
      status: 400,
      violations: [
        ...(reference.ok ? [] : [reference.violation]),
        ...(parsed.ok ? [] : parsed.violations),
      ],
    }
  return {
    ok: true,
    referenceId: reference.referenceId,
    rows: parsed.notifications.map((n) =>
      rowOfNotification(n, reference.referenceId)
    ),
  }
}

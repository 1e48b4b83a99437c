import { apiError, violationsError } from "../http/errors"
import type { Handler } from "../http/router"
import { trackingResponse } from "../tracking/response"
import { checkTrackingQuery } from "../contract"

/**
 * Doc 3: GET /v1/tracking/{identifier}?packageIdentifierType=TrackingNumber[&carrier=].
 * Tracking is public data: any account's token may track any sandbox number.
 */
export const getTracking: Handler = ({ world, account, params, query }) => {
  const identifier = params.identifier!
  const s = world.store.shipmentByTracking(identifier)
  // The asking account's codes: it sends (and reads) carriers as its own wire values.
  const violations = checkTrackingQuery(
    identifier,
    query,
    s?.carrier,
    account.carrierCodes
  )
  if (violations.length) throw violationsError(violations)
  if (!s)
    throw apiError(
      404,
      "TRACKING_NUMBER_NOT_FOUND",
      `no package with tracking number ${identifier}`,
      ["identifier"]
    )
  const clientId = world.store.accounts.get(s.apiKey)?.clientId
  return {
    status: 200,
    body: trackingResponse(
      s,
      world.clock.now(),
      world.origin(),
      query.get("packageIdentifierType")!,
      clientId
    ),
  }
}

/** A human page behind `trackingUrl` and `deliveryProofUrl`, so the links in events lead somewhere. */
export const trackingPage: Handler = ({ world, params }) => {
  const s = world.store.shipmentByTracking(params.trackingNumber!)
  if (!s)
    return {
      status: 404,
      raw: "<!doctype html><title>Not found</title><p>Unknown tracking number.</p>",
      contentType: "text/html; charset=utf-8",
    }
  const t = trackingResponse(
    s,
    world.clock.now(),
    world.origin(),
    "TrackingNumber",
    undefined
  ) as {
    status: string | null
    scanDetailsList: {
      eventDate: string
      eventTime: string
      eventTimeOffset: string
      scanDescription: string
      eventCity: string
      eventStateOrProvince: string
    }[]
  }
  const esc = (v: string) =>
    v.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)
  const rows = t.scanDetailsList
    .map(
      (e) =>
        `<tr><td>${esc(e.eventDate)} ${esc(e.eventTime)} ${esc(e.eventTimeOffset)}</td><td>${esc(e.scanDescription)}</td><td>${esc(e.eventCity)} ${esc(e.eventStateOrProvince)}</td></tr>`
    )
    .join("")
  const html = `<!doctype html><meta charset="utf-8"><title>${esc(s.parcelTrackingNumber)}</title><h1>${esc(s.parcelTrackingNumber)}</h1><p>Sandbox tracking — status: <b>${esc(t.status ?? "")}</b></p><table>${rows}</table>`
  return { status: 200, raw: html, contentType: "text/html; charset=utf-8" }
}

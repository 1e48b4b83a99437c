import fc from "fast-check"
import { randomUUID } from "node:crypto"
import type { IncomingMessage } from "node:http"
import { Readable } from "node:stream"
import { deliveryFuzz, TRACKING_HOOK } from "../../../../../dev/webhook-fuzz"
import { judgeDelivery } from "../judge-delivery"

/**
 * The receiver's decisions before the database, over the same fuzz its HTTP test sends to a booted
 * app (there a few hundred deliveries prove the route answers them and the database agrees; here
 * thousands prove the decisions themselves).
 */
const RUNS = Number(process.env.FUZZ_RUNS_PURE ?? 5_000)
const HEADER = "x-webhook-key"
const KEYS = { tracking: "the-tracking-key", locker: "the-locker-key" }

/** A request as Node's server hands the route one: headers lower-cased, the body a stream. */
function request(
  body: string | Uint8Array,
  headers: Record<string, string>
): IncomingMessage {
  const bytes = typeof body === "string" ? Buffer.from(body) : Buffer.from(body)
  const req = Readable.from([bytes], { objectMode: false }) as Readable & {
    headers: Record<string, string>
  }
  req.headers = { ...headers, "content-length": String(bytes.length) }
  return req as unknown as IncomingMessage
}

const JSON_TYPES = new Set([
  "application/json",
  "application/json; charset=utf-8",
])

it(`judges ${RUNS} fuzzed deliveries: never throws, refuses with the right status, and keeps every accepted notification`, async () => {
  const counts: Record<string, number> = {}
  const { delivery, build } = deliveryFuzz(randomUUID().slice(0, 8))
  await fc.assert(
    fc.asyncProperty(delivery, async (d) => {
      const { body, json } = build(d)
      const ref = randomUUID()
      const headers: Record<string, string> = { "x-vendor-referenceid": ref }
      if (d.contentType !== null) headers["content-type"] = d.contentType
      if (d.key === "right") headers[HEADER] = KEYS.tracking
      if (d.key === "wrong") headers[HEADER] = "not-the-key"
      const kind = d.path === TRACKING_HOOK ? "tracking" : "locker"
      const verdict = await judgeDelivery(request(body, headers), {
        headerName: "X-Webhook-Key",
        keys: [KEYS[kind]],
      })
      const status = verdict.ok ? 200 : verdict.status
      counts[status] = (counts[status] ?? 0) + 1
      if (d.key !== "right" || kind !== "tracking")
        return expect(status).toBe(401)
      if (!JSON_TYPES.has(d.contentType ?? "")) return expect(status).toBe(415)
      if (d.text === "oversize") return expect(status).toBe(413)
      if (d.text === "bad-byte") return expect(status).toBe(400)
      expect([200, 400]).toContain(status)
      if (!verdict.ok) {
        if ("violations" in verdict)
          expect(verdict.violations.length).toBeGreaterThan(0)
        return
      }
      // Accepted: one row per notification sent, each under its own tracking number and this delivery.
      const items = (Array.isArray(json) ? json : [json]) as {
        trackingNumber: unknown
      }[]
      expect(verdict.referenceId).toBe(ref)
      expect(verdict.rows.map((r) => r.tracking_number)).toEqual(
        items.map((n) => String(n.trackingNumber).trim())
      )
      for (const row of verdict.rows) expect(row.reference_id).toBe(ref)
    }),
    {
      numRuns: RUNS,
      seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
    }
  )
  // Every answer is reached often, acceptance most.
  for (const status of [200, 400, 401, 413, 415])
    expect(counts[status]).toBeGreaterThan(RUNS / 100)
  expect(counts[200]).toBeGreaterThan(RUNS / 10)
}, 300_000)

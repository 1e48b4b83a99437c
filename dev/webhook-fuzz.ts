import fc from "fast-check"
import { PACKAGE_STATUSES } from "../src/shipping-api/constants"
import { WEBHOOK_BODY_LIMIT } from "../src/lib/ingest/json-body"

export const TRACKING_HOOK = "/hooks/shipping-services/tracking"

/**
 * The webhook receiver's fuzz: deliveries of valid notifications, some mutated (poisoned values, deleted or
 * huge fields, deep nesting), wrapped, cut, mis-encoded, oversized, with odd content types, keys and paths.
 * Shared by the receiver's pure fuzz (thousands of cases) and its fuzz over HTTP against the database.
 * `build` gives each notification a tracking number of its own, `FZ<runId>-<n>`.
 */
export function deliveryFuzz(runId: string) {
  let seq = 0
  const HOOK = TRACKING_HOOK
  const known = [...PACKAGE_STATUSES]
  const date = fc.date({
    min: new Date("2000-01-01T00:00:00Z"),
    max: new Date("2030-12-31T00:00:00Z"),
    noInvalidDate: true,
  })
  const text = (max: number) => fc.string({ unit: "binary", maxLength: max })
  const valid = fc.record(
    {
      carrier: fc.constantFrom("POSTAL", "STANDARD", "XBORDER", "CARRIER_A"),
      status: fc.constantFrom(...known),
      packageStatus: fc.constantFrom(...known),
      standardizedEventCode: fc.string({ maxLength: 5 }),
      when: date,
      eventTimeOffset: fc.constantFrom(
        "-05:00",
        "+00:00",
        "+05:30",
        "-1000",
        "+14:00",
        ""
      ),
      eventCity: text(30),
      eventDescription: text(80),
      latitude: fc.oneof(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.constant("40.75")
      ),
      eventId: fc.uuid(),
    },
    { requiredKeys: ["status", "when"] }
  )
  // Deep nesting is spliced into the JSON text (JSON.stringify of it would overflow this process's stack).
  const deepValue = fc
    .integer({ min: 5, max: 60_000 })
    .map((n) => ({ __deep: n }))
  const poison = fc.oneof(
    fc.constantFrom(
      "a\u0000b",
      "\u0000",
      "\ud800",
      "x\udc00",
      "\udfff\ud800",
      "💥💥💥",
      "false",
      "delivered",
      "2026-02-30",
      "0000-01-01",
      "24:00:00",
      "+15:00",
      "Z",
      "",
      "   "
    ),
    fc.integer({ min: 65, max: 120_000 }).map((n) => "T".repeat(n)),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.double(),
    text(40),
    fc.jsonValue({ maxDepth: 6 }),
    deepValue
  )
  const fields = [
    "trackingNumber",
    "status",
    "packageStatus",
    "eventDate",
    "eventTime",
    "eventTimeOffset",
    "eventCity",
    "eventId",
    "scanDescription",
    "country",
    "extra",
    "x\u0000y",
    "\ud800",
  ]
  const mutation = fc.oneof(
    { weight: 24, arbitrary: fc.constant({ kind: "none" as const }) },
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant("set" as const),
        field: fc.constantFrom(...fields),
        value: poison,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("delete" as const),
        field: fc.constantFrom("trackingNumber", "status", "eventDate"),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("blob" as const),
        size: fc.integer({ min: 1_000, max: 8_000 }),
      }),
    }
  )
  /** Mostly `usual`, sometimes one of `other`. */
  const mostly = <T>(usual: T, ...other: T[]) =>
    fc.oneof(
      { weight: 12, arbitrary: fc.constant(usual) },
      ...other.map((o) => ({ weight: 1, arbitrary: fc.constant(o) }))
    )
  const delivery = fc.record({
    notes: fc.array(fc.tuple(valid, mutation), {
      minLength: 0,
      maxLength: 6,
    }),
    duplicate: fc.boolean(),
    wrap: mostly("array", "single", "junk"),
    junk: fc.jsonValue({ maxDepth: 3 }),
    text: mostly("as-is", "truncate", "bad-byte", "oversize"),
    cut: fc.nat(),
    contentType: mostly<string | null>(
      "application/json",
      "application/json; charset=utf-8",
      "application/x-www-form-urlencoded",
      "text/plain",
      null,
      "application/json; charset=latin1"
    ),
    key: mostly<"right" | "wrong" | "none">("right", "wrong", "none"),
    path: mostly(HOOK, "/hooks/shipping-services/locker"),
  })

  function build(d: any): { body: string | Uint8Array; json: unknown } {
    const notes = (d.notes as [any, any][]).map(([v, m]) => {
      const at: Date = v.when
      const n: Record<string, unknown> = {
        trackingNumber: `FZ${runId}-${++seq}`,
        ...v,
        eventDate: at.toISOString().slice(0, 10),
        eventTime: at.toISOString().slice(11, 19),
      }
      delete n.when
      if (m.kind === "set") n[m.field] = m.value
      if (m.kind === "delete") delete n[m.field]
      if (m.kind === "blob") n.blob = "b".repeat(m.size)
      return n
    })
    if (d.duplicate && notes.length) notes.push({ ...notes[0] })
    const json =
      d.wrap === "single" && notes.length
        ? notes[0]
        : d.wrap === "junk"
          ? [...notes, d.junk]
          : notes
    let body = JSON.stringify(json).replace(
      /\{"__deep":(\d+)\}/g,
      (_, n) => "[".repeat(Number(n)) + "]".repeat(Number(n))
    )
    if (d.text === "truncate" && body.length > 1)
      body = body.slice(0, d.cut % body.length)
    if (d.text === "bad-byte")
      return {
        body: Buffer.concat([
          Buffer.from(body.slice(0, -1)),
          Buffer.from([0xc3]),
          Buffer.from(body.slice(-1)),
        ]),
        json,
      }
    if (d.text === "oversize") body = body + " ".repeat(WEBHOOK_BODY_LIMIT)
    return { body, json }
  }

  return { delivery, build }
}

export type FuzzDelivery =
  ReturnType<typeof deliveryFuzz>["delivery"] extends fc.Arbitrary<infer T>
    ? T
    : never

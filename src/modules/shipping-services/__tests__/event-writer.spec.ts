import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { appPluginOptions } from "../../../../dev/app-options"
import { SHIPPING_SERVICES_MODULE } from "../../../options"
import {
  BINDINGS_PER_ROW,
  CHUNK_ROWS,
  DatabaseUnreachableError,
  EventsRefusedError,
  TrackingEventWriter,
  type TrackingEventRow,
} from "../event-writer"
import ShippingServicesModuleService from "../service"

jest.setTimeout(120_000)

const row = (
  tn: string,
  n: number,
  extra: Partial<TrackingEventRow> = {}
): TrackingEventRow => ({
  dedupe_key: `${tn}|IT|${n}`,
  kind: "tracking",
  source: "webhook",
  tracking_number: tn,
  package_status: "InTransit",
  occurred_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000),
  payload: { n },
  ...extra,
})
const delivery = (tn: string, count: number) =>
  Array.from({ length: count }, (_, i) => row(tn, i))

moduleIntegrationTestRunner<ShippingServicesModuleService>({
  moduleName: SHIPPING_SERVICES_MODULE,
  resolve: __dirname + "/..",
  // The migrations, not a schema derived from the models: document bytes are a column of theirs.
  pathToMigrations: __dirname + "/../migrations",
  moduleOptions: appPluginOptions({}) as Record<string, unknown>,
  testSuite: ({ service }) => {
    const count = async (like: string) =>
      (
        await service.listAndCountTrackingEvents(
          { tracking_number: { $like: like } },
          { take: 1 }
        )
      )[1]

    it("fails only the delivery whose row PostgreSQL refuses, when 40 others share its INSERT", async () => {
      const good = Array.from({ length: 40 }, (_, i) =>
        service.trackingEvents().write([row(`ISO-${i}`, 0)])
      )
      // A NUL in a text column: PostgreSQL refuses it (22021). The route's rules refuse it before
      // it gets here; this is the writer's own guarantee should anything slip through.
      const poison = service
        .trackingEvents()
        .write([row("ISO-POISON", 0, { description: "bad\u0000row" })])
      const results = await Promise.allSettled([...good, poison])
      expect(results.slice(0, 40).every((r) => r.status === "fulfilled")).toBe(
        true
      )
      const refused = results[40]
      expect(refused.status).toBe("rejected")
      expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(
        EventsRefusedError
      )
      expect(await count("ISO-%")).toBe(40)
      expect(await count("ISO-POISON")).toBe(0)
    })

    it("links a row to the live shipment its tracking number names, and leaves an unknown number unmatched", async () => {
      const shipment = await service.createShipments({
        transaction_id: "T-LINK",
        request_key: "k-link",
        option_id: "postal-ground",
        variant: "expedited",
        carrier: "POSTAL",
        service_id: "UGA",
        status: "created",
        tracking_number: "LINK-1",
      })
      const [known, unknown] = await service
        .trackingEvents()
        .write([row("LINK-1", 0), row("LINK-2", 0)])
      const stored = await service.listTrackingEvents(
        { id: [known!, unknown!] },
        { select: ["id", "shipment_id"] }
      )
      expect(
        Object.fromEntries(stored.map((e) => [e.id, e.shipment_id]))
      ).toEqual({ [known!]: shipment.id, [unknown!]: null })
    })

    it("refuses a payload PostgreSQL's jsonb cannot hold (a lone surrogate) as the delivery's fault", async () => {
      await expect(
        service
          .trackingEvents()
          .write([row("SURR-1", 0, { payload: { city: "\ud800" } })])
      ).rejects.toBeInstanceOf(EventsRefusedError)
      expect(await count("SURR-%")).toBe(0)
    })

    it("stores a delivery of 10,000 rows whole, in chunks, and repeats nothing across chunks", async () => {
      const rows = delivery("BIG-1", 10_000)
      rows[CHUNK_ROWS + 5] = { ...rows[5] } // the same scan twice, in two different statements
      const ids = await service.trackingEvents().write(rows)
      expect(ids).toHaveLength(10_000)
      expect(ids[5]).toBeTruthy()
      expect(ids[CHUNK_ROWS + 5]).toBeNull()
      expect(ids.filter(Boolean)).toHaveLength(9_999)
      expect(await count("BIG-1")).toBe(9_999)
      // Sent again: all repeats, nothing new.
      expect(
        (await service.trackingEvents().write(rows)).filter(Boolean)
      ).toHaveLength(0)
    })

    it("stores nothing of a large delivery whose last chunk PostgreSQL refuses", async () => {
      const rows = delivery("BIG-2", 5_042)
      rows[5_041] = { ...rows[5_041], location: "x\u0000y" }
      await expect(service.trackingEvents().write(rows)).rejects.toBeInstanceOf(
        EventsRefusedError
      )
      expect(await count("BIG-2")).toBe(0)
    })
  },
})

describe("TrackingEventWriter without a database", () => {
  const refused = Object.assign(new Error("invalid byte sequence"), {
    code: "22021",
  })
  const down = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
    code: "ECONNREFUSED",
  })

  /** A knex stand-in: counts the rows of each INSERT, fails those `when` picks; connections are counted out and back. */
  function writerFailingWith(
    error: Error,
    when: (bindings: unknown[]) => boolean,
    { acquire = async () => ({}) as unknown } = {}
  ) {
    const calls: number[] = []
    const held = { out: 0 }
    const raw = (sql: string, bindings: unknown[] = []) => ({
      connection: async () => {
        if (!sql.startsWith("insert")) return { rows: [] }
        calls.push(bindings.length / BINDINGS_PER_ROW)
        if (when(bindings)) throw error
        return { rows: [] as { id: string; dedupe_key: string }[] }
      },
    })
    const client = {
      acquireConnection: async () => {
        const c = await acquire()
        held.out++
        return c
      },
      releaseConnection: async () => {
        held.out--
      },
    }
    return {
      writer: new TrackingEventWriter(() => ({ raw, client }), {
        acquireTimeoutMs: 50,
        unreachableBackoffMs: 300,
      }),
      calls,
      held,
    }
  }

  it("retries each delivery alone after a refused shared INSERT", async () => {
    const { writer, calls } = writerFailingWith(refused, (b) =>
      b.includes("POISON")
    )
    const results = await Promise.allSettled([
      writer.write([row("A", 0)]),
      writer.write([row("POISON", 0)]),
      writer.write([row("B", 0), row("B", 1)]),
    ])
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
    ])
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(
      EventsRefusedError
    )
    expect(calls).toEqual([4, 1, 1, 2])
  })

  it("does not retry deliveries one by one when the database is unreachable, and does not call that a refusal", async () => {
    const { writer, calls } = writerFailingWith(down, () => true)
    const results = await Promise.allSettled([
      writer.write([row("A", 0)]),
      writer.write([row("B", 0)]),
    ])
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"])
    for (const r of results)
      expect((r as PromiseRejectedResult).reason).toBe(down)
    expect(calls).toEqual([2])
  })

  it("keeps statements of a large delivery under PostgreSQL's 65,535 bind parameters", async () => {
    const { writer, calls } = writerFailingWith(refused, () => false)
    await writer.write(delivery("C", 5_042))
    expect(calls).toEqual([1_000, 1_000, 1_000, 1_000, 1_000, 42])
    expect(Math.max(...calls) * 13).toBeLessThanOrEqual(65_535)
  })

  it("gives up waiting for a connection after a bounded time, writes nothing late, and fails fast just after", async () => {
    let arrive: (c: unknown) => void = () => undefined
    let asked = 0
    const { writer, calls, held } = writerFailingWith(refused, () => false, {
      acquire: () => {
        asked++
        return new Promise((r) => (arrive = r))
      },
    })
    const started = Date.now()
    await expect(writer.write([row("A", 0)])).rejects.toBeInstanceOf(
      DatabaseUnreachableError
    )
    expect(Date.now() - started).toBeLessThan(1_000)
    // Within the back-off the next write fails at once, without asking the pool.
    await expect(writer.write([row("B", 0)])).rejects.toBeInstanceOf(
      DatabaseUnreachableError
    )
    expect(asked).toBe(1)
    // The connection that finally comes is given back unused.
    arrive({})
    await new Promise((r) => setTimeout(r, 10))
    expect(calls).toEqual([])
    expect(held.out).toBe(0)
  })
})

import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { appPluginOptions } from "../../../../dev/app-options"
import { SHIPPING_SERVICES_MODULE } from "../../../options"
import ShippingServicesModuleService from "../service"

jest.setTimeout(60_000)

moduleIntegrationTestRunner<ShippingServicesModuleService>({
  moduleName: SHIPPING_SERVICES_MODULE,
  resolve: __dirname + "/..",
  // The migrations, not a schema derived from the models: document bytes are a column of theirs.
  pathToMigrations: __dirname + "/../migrations",
  moduleOptions: appPluginOptions({}) as Record<string, unknown>,
  testSuite: ({ service }) => {
    it("exposes the validated options", () => {
      expect(service.getOptions().services.map((s) => s.id)).toContain(
        "standard"
      )
    })

    it("stores a shipment with a unique transaction id", async () => {
      const base = {
        request_key: "ful_1",
        option_id: "standard",
        variant: "standard" as const,
        carrier: "STANDARD",
        service_id: "PRCLSEL",
      }
      const created = await service.createShipments({
        ...base,
        transaction_id: "T-1",
      })
      expect(created.status).toBe("pending")
      await expect(
        service.createShipments({ ...base, transaction_id: "T-1" })
      ).rejects.toThrow()
    })

    it("marks labels printed once and unmarks exactly those; deletes one version of a file", async () => {
      const base = {
        option_id: "standard",
        variant: "standard" as const,
        carrier: "STANDARD",
        service_id: "PRCLSEL",
      }
      const [a, b] = await Promise.all(
        ["P-1", "P-2"].map((t) =>
          service.createShipments({
            ...base,
            request_key: `ful_${t}`,
            transaction_id: t,
          })
        )
      )
      const earlier = new Date("2026-01-01T00:00:00Z")
      expect(await service.journal().markPrinted([a.id], earlier)).toEqual([
        a.id,
      ])
      expect(await service.journal().markPrinted([a.id, b.id])).toEqual([b.id])
      await service.journal().clearPrinted([b.id])
      const rows = await service.listShipments(
        { id: [a.id, b.id] },
        { select: ["id", "printed_at"] }
      )
      const printed = Object.fromEntries(
        rows.map((r) => [r.id, r.printed_at && new Date(r.printed_at)])
      )
      expect(printed).toEqual({ [a.id]: earlier, [b.id]: null })

      const page = (version: number, p: number) => ({
        kind: "print" as const,
        owner_id: "ssb_v",
        page: p,
        version,
        mime_type: "application/pdf",
        content: Buffer.from(`v${version}p${p}`).toString("base64"),
      })
      await service
        .journal()
        .storeDocuments([page(1, 0), page(2, 0), page(2, 1)])
      await service.versions().deleteVersion("print", "ssb_v", 2)
      const left = await service.versions().pages("print", "ssb_v")
      expect(left.map((d) => [d.version, d.page])).toEqual([[1, 0]])
    })

    it("keeps one tracking event per dedupe key", async () => {
      const event = {
        dedupe_key: "TN1|DLD|2026-01-01T10:00:00-05:00",
        tracking_number: "TN1",
        payload: {},
      }
      await service.createTrackingEvents(event)
      await expect(service.createTrackingEvents(event)).rejects.toThrow()
      expect(
        await service.listTrackingEvents({ tracking_number: "TN1" })
      ).toHaveLength(1)
    })

    it("writes concurrent notifications in batches and skips repeats", async () => {
      const row = (n: number) => ({
        dedupe_key: `TN2|IT|2026-01-0${n}`,
        kind: "tracking" as const,
        source: "webhook" as const,
        tracking_number: "TN2",
        package_status: "InTransit",
        occurred_at: new Date(`2026-01-0${n}T10:00:00Z`),
        payload: { n },
      })
      const results = await Promise.all([
        service.trackingEvents().write([row(1), row(2)]),
        service.trackingEvents().write([row(2), row(3)]),
        service.trackingEvents().write([row(1)]),
      ])
      const ids = results.flat()
      expect(ids.filter(Boolean)).toHaveLength(3)
      expect(new Set(ids.filter(Boolean)).size).toBe(3)
      const stored = await service.listTrackingEvents(
        { tracking_number: "TN2" },
        { order: { occurred_at: "ASC" } }
      )
      expect(stored.map((e) => (e.payload as { n: number }).n)).toEqual([
        1, 2, 3,
      ])
      expect(await service.trackingEvents().write([row(3)])).toEqual([null])
    })

    it("gives one more attempt of an automatic fulfillment to exactly one of concurrent claimers", async () => {
      const record = await service.createAutoFulfillments({
        order_id: "order_claim",
        status: "failed",
        attempts: 1,
      })
      const seen = { status: "failed", attempts: 1 }
      const claims = await Promise.all(
        Array.from({ length: 6 }, () =>
          service.attempts().claim(record.id, seen)
        )
      )
      expect(claims.filter(Boolean)).toHaveLength(1)
      const [after] = await service.listAutoFulfillments({ id: record.id })
      expect(after).toMatchObject({
        status: "running",
        attempts: 2,
        next_attempt_at: null,
      })
      // What was read before the winner's change no longer matches.
      expect(await service.attempts().claim(record.id, seen)).toBe(false)
    })

    it("keeps an order change that came during a round for the retry job, through the next round's claim, until cleared by what was seen", async () => {
      const done = await service.createAutoFulfillments({
        order_id: "order_change",
        status: "succeeded",
        attempts: 1,
      })
      const due = async () =>
        (await service.listAutoFulfillments({ id: done.id }))[0]!
          .next_attempt_at as Date | null
      expect(await service.attempts().markChangeDue("order_change")).toBe(true)
      const first = (await due())!
      expect(first).toBeInstanceOf(Date)
      // A round claimed on the row may have planned before that change: the mark stays.
      const seen = await service.attempts().seen("order_change")
      expect(await service.attempts().claim(done.id, seen!, 0)).toBe(true)
      expect(await due()).toEqual(first)
      await service.attempts().finish(done.id, { status: "succeeded" })
      // Another change while the job looks: its later mark is not cleared by the one the job read.
      await new Promise((r) => setTimeout(r, 5))
      await service.attempts().markChangeDue("order_change")
      const later = (await due())!
      expect(later.getTime()).toBeGreaterThan(first.getTime())
      await service.attempts().clearChangeDue(done.id, first)
      expect(await due()).toEqual(later)
      await service.attempts().clearChangeDue(done.id, later)
      expect(await due()).toBeNull()
      // Other rows have their own ways back: failed ones their retry, held ones an admin.
      for (const status of ["failed", "held", "pending", "skipped"]) {
        const other = await service.createAutoFulfillments({
          order_id: `order_change_${status}`,
          status,
          attempts: 1,
        })
        expect(
          await service.attempts().markChangeDue(`order_change_${status}`)
        ).toBe(false)
        expect(
          (await service.listAutoFulfillments({ id: other.id }))[0]
            .next_attempt_at
        ).toBeNull()
      }
      // A failed row's retry time is not a change: its claim clears it.
      const failed = await service.createAutoFulfillments({
        order_id: "order_change_failing",
        status: "failed",
        attempts: 1,
        next_attempt_at: first,
      })
      expect(
        await service
          .attempts()
          .claim(failed.id, { status: "failed", attempts: 1 })
      ).toBe(true)
      expect(
        (await service.listAutoFulfillments({ id: failed.id }))[0]
          .next_attempt_at
      ).toBeNull()
    })

    it("counts an admin's extra attempt as at most one past the automatic ones, to one of two concurrent retries", async () => {
      const spent = await service.createAutoFulfillments({
        order_id: "order_spent",
        status: "failed",
        attempts: 3,
      })
      const seen = { status: "failed", attempts: 3 }
      const claims = await Promise.all([
        service.attempts().claim(spent.id, seen, 2),
        service.attempts().claim(spent.id, seen, 2),
      ])
      expect(claims.filter(Boolean)).toHaveLength(1)
      const [after] = await service.listAutoFulfillments({ id: spent.id })
      expect(after).toMatchObject({ status: "running", attempts: 3 })
      // Attempts left: the cap changes nothing.
      const early = await service.createAutoFulfillments({
        order_id: "order_early",
        status: "failed",
        attempts: 1,
      })
      expect(
        await service
          .attempts()
          .claim(early.id, { status: "failed", attempts: 1 }, 2)
      ).toBe(true)
      const [second] = await service.listAutoFulfillments({ id: early.id })
      expect(second.attempts).toBe(2)
    })

    it("fails an attempt with its own words: noted while running, kept by the give-back and the fallback", async () => {
      const record = await service.createAutoFulfillments({
        order_id: "order_words",
        status: "failed",
        attempts: 1,
        last_error: { message: "the first attempt's words" },
      })
      const seen = { status: "failed", attempts: 1 }
      expect(await service.attempts().claim(record.id, seen)).toBe(true)
      const read = async () =>
        (await service.listAutoFulfillments({ id: record.id }))[0]
      // A new attempt carries no old words.
      expect(await read()).toMatchObject({
        status: "running",
        last_error: null,
      })
      // Another attempt number (a takeover) is not this one's to note.
      expect(
        await service.attempts().noteError(record.id, {
          attempts: 1,
          last_error: { message: "stale" },
        })
      ).toBe(false)
      expect(
        await service.attempts().noteError(record.id, {
          attempts: 2,
          last_error: { message: "Shipping service: 500" },
        })
      ).toBe(true)
      expect(
        await service.attempts().release(record.id, {
          attempts: 2,
          next_attempt_at: null,
        })
      ).toBe(true)
      await service.attempts().recordError("order_words", {
        message: "the same error, seen by the caller",
      })
      expect(await read()).toMatchObject({
        status: "failed",
        attempts: 2,
        last_error: { message: "Shipping service: 500" },
      })
      // A failed attempt nobody noted gets the caller's words.
      await service.updateAutoFulfillments({
        id: record.id,
        last_error: null,
      })
      await service.attempts().recordError("order_words", {
        message: "raised outside the create step",
      })
      expect((await read()).last_error).toEqual({
        message: "raised outside the create step",
      })
    })
  },
})

import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { appPluginOptions } from "../../../../dev/app-options"
import { afterProbe } from "../../../lib/outage/outage"
import { SHIPPING_SERVICES_MODULE } from "../../../options"
import { ServiceAvailability, type AvailabilityKnex } from "../availability"
import ShippingServicesModuleService from "../service"

jest.setTimeout(60_000)

/**
 * The shop's outage record on a real PostgreSQL: opened once whoever opens it, moved by one
 * probe of two, seen by another process (another ServiceAvailability on the same table) within
 * its read interval, free while the service answers; and the automatic fulfillment rows that wait
 * for the service.
 */
moduleIntegrationTestRunner<ShippingServicesModuleService>({
  moduleName: SHIPPING_SERVICES_MODULE,
  resolve: __dirname + "/..",
  moduleOptions: appPluginOptions({}) as Record<string, unknown>,
  testSuite: ({ service, MikroOrmWrapper }) => {
    const knex = () =>
      (MikroOrmWrapper.getManager() as any).getKnex() as AvailabilityKnex
    /** Another process: its own view of the same table, on a clock the test moves. */
    const processAt = (clock: { now: number }) =>
      new ServiceAvailability(knex, () => clock.now, 5_000)

    it("opens once for the whole shop, whoever opens it, and every process learns it", async () => {
      const clock = { now: 0 }
      const [a, b] = [processAt(clock), processAt(clock)]
      // Nothing read while the service answers.
      const reads: string[] = []
      const counting = new ServiceAvailability(() => ({
        raw: (sql, bindings) => {
          reads.push(sql)
          return knex().raw(sql, bindings)
        },
      }))
      expect(await counting.outage()).toBeNull()
      expect(reads).toEqual([])

      const opened = await Promise.all([
        a.open("createShipment: 503", new Date("2026-11-28T09:00:00Z")),
        b.open("getRates: 503", new Date("2026-11-28T09:00:01Z")),
      ])
      expect(opened.filter(Boolean)).toHaveLength(1)
      const [outageA, outageB] = [await a.outage(), await b.outage()]
      expect(outageA).toEqual(outageB)
      expect(outageA).toMatchObject({ state: "down", probes: 0 })
      // A third process that has seen only answers still sends: it learns on its own failure.
      expect(await counting.outage()).toBeNull()
    })

    it("one probe of two ends it; the others see it within their read interval", async () => {
      const clock = { now: 0 }
      const [a, b, d] = [processAt(clock), processAt(clock), processAt(clock)]
      await a.open("503", new Date("2026-11-28T09:00:00Z"))
      await b.read()
      await d.read()
      const down = (await a.read())!
      const back = afterProbe(down, { answering: true }, new Date()).record
      const settled = await Promise.all([
        a.settle(down.since, back),
        b.settle(down.since, back),
      ])
      expect(settled.filter(Boolean)).toHaveLength(1)
      const c = processAt(clock)
      await c.open("503 again", new Date("2026-11-28T10:00:00Z"))
      // c's new outage, with the last one kept for Health.
      expect(await c.readRecord()).toMatchObject({
        state: "down",
        last_outage: { since: "2026-11-28T09:00:00.000Z" },
      })
      const ended = afterProbe(
        (await c.read())!,
        { answering: true },
        new Date()
      ).record
      expect(await c.settle("2026-11-28T10:00:00.000Z", ended)).toBe(true)
      // d saw the first outage and nothing since: it trusts that for 5 s, then reads again.
      clock.now += 4_999
      expect(await d.outage()).toMatchObject({ state: "down" })
      clock.now += 2
      expect(await d.outage()).toBeNull()
    })

    it("orders wait for the service without spending attempts, and are listed oldest first", async () => {
      const facts = (placed: string) => ({
        option_id: "postal-ground",
        lane: "domestic",
        display_id: 1,
        placed_at: new Date(placed),
      })
      const words = { message: "Waiting for the shipping service", away: true }
      expect(
        await service
          .queue()
          .postpone("order_b", facts("2026-11-28T09:05:00Z"), words)
      ).toBe(true)
      expect(
        await service
          .queue()
          .postpone("order_a", facts("2026-11-28T09:00:00Z"), words)
      ).toBe(true)
      // A failed order with attempts left waits too; one out of attempts stays the admin's.
      await service.createAutoFulfillments([
        { order_id: "order_c", status: "failed", attempts: 1 },
        { order_id: "order_d", status: "failed", attempts: 5 },
        { order_id: "order_e", status: "succeeded", attempts: 1 },
      ] as never)
      expect(
        await service
          .queue()
          .postpone("order_c", facts("2026-11-28T09:10:00Z"), words)
      ).toBe(true)
      expect(
        await service
          .queue()
          .postpone("order_d", facts("2026-11-28T09:10:00Z"), words)
      ).toBe(false)
      expect(
        await service
          .queue()
          .postpone("order_e", facts("2026-11-28T09:10:00Z"), words)
      ).toBe(false)
      expect(
        (await service.queue().listWaitingForService(10)).map((r) => r.order_id)
      ).toEqual(["order_a", "order_b", "order_c"])
      expect(await service.queue().countWaitingForService()).toBe(3)
      const [c] = await service.listAutoFulfillments({ order_id: "order_c" })
      expect(c).toMatchObject({ status: "waiting", attempts: 1 })
    })

    it("an order put off for a reason of Medusa's is pending again at its time, a succeeded one reopened", async () => {
      const facts = {
        option_id: "postal-ground",
        lane: "domestic",
        display_id: 1,
        placed_at: new Date("2026-11-28T09:00:00Z"),
      }
      const at = new Date("2026-11-28T10:00:00Z")
      const words = { message: "an exchange is being made" }
      await service.createAutoFulfillments([
        { order_id: "order_s", status: "succeeded", attempts: 1 },
        { order_id: "order_h", status: "held", attempts: 0 },
        { order_id: "order_f", status: "failed", attempts: 5 },
      ] as never)
      expect(await service.queue().postpone("order_n", facts, words, at)).toBe(
        true
      )
      expect(await service.queue().postpone("order_s", facts, words, at)).toBe(
        true
      )
      expect(await service.queue().postpone("order_h", facts, words, at)).toBe(
        false
      )
      expect(await service.queue().postpone("order_f", facts, words, at)).toBe(
        false
      )
      const rows = await service.listAutoFulfillments({
        order_id: ["order_n", "order_s", "order_h", "order_f"],
      })
      const byOrder = Object.fromEntries(rows.map((r) => [r.order_id, r]))
      expect(byOrder.order_n).toMatchObject({
        status: "pending",
        attempts: 0,
        next_attempt_at: at,
        last_error: words,
      })
      expect(byOrder.order_s).toMatchObject({
        status: "pending",
        attempts: 1,
        next_attempt_at: at,
      })
      expect(byOrder.order_h).toMatchObject({ status: "held" })
      expect(byOrder.order_f).toMatchObject({ status: "failed" })
      // Waiting for the service never reopens a succeeded order.
      await service.createAutoFulfillments([
        { order_id: "order_t", status: "succeeded", attempts: 1 },
      ] as never)
      expect(
        await service.queue().postpone("order_t", facts, {
          message: "Waiting for the shipping service",
        })
      ).toBe(false)
    })

    it("a running attempt the service did not answer is given back waiting, its attempt not counted", async () => {
      const started = await service.attempts().start({
        order_id: "order_x",
        option_id: null,
        lane: null,
        display_id: null,
        placed_at: null,
      })
      await service.attempts().noteError(started!.id, {
        attempts: 1,
        last_error: { message: "Shipping service: 503", away: true },
      })
      expect(
        await service.attempts().release(started!.id, {
          attempts: 1,
          next_attempt_at: new Date(Date.now() + 30_000),
        })
      ).toBe(true)
      const [row] = await service.listAutoFulfillments({ order_id: "order_x" })
      expect(row).toMatchObject({
        status: "waiting",
        attempts: 0,
        next_attempt_at: null,
      })
      // A refusal is counted, as before.
      const refused = await service.attempts().start({
        order_id: "order_y",
        option_id: null,
        lane: null,
        display_id: null,
        placed_at: null,
      })
      await service.attempts().noteError(refused!.id, {
        attempts: 1,
        last_error: { message: "Shipping service: 400" },
      })
      await service.attempts().release(refused!.id, {
        attempts: 1,
        next_attempt_at: new Date(Date.now() + 30_000),
      })
      const [y] = await service.listAutoFulfillments({ order_id: "order_y" })
      expect(y).toMatchObject({ status: "failed", attempts: 1 })
      expect(y!.next_attempt_at).toBeTruthy()
    })
  },
})

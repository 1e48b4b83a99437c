import { httpTestRunner } from "../helpers/runner"
import { openStore } from "../helpers/store"
import {
  addOutbound,
  beginChange,
  beginOneForOneExchange,
  confirmAddingEdit,
  requestChange,
} from "../helpers/order-changes"
import { Modules } from "@medusajs/framework/utils"
import {
  ADDRESSES,
  addStockedProduct,
  addWarehouse,
  placeOrder,
  type StoreSetup,
} from "../../dev/seed/store"
import { waitFor } from "../../dev/wait"
import { whenIdle } from "../../src/lib/in-flight"
import {
  autoFulfillEvent,
  CHANGE_WAITS,
} from "../../src/orchestration/auto-fulfillment/auto-fulfill"
import retryAutoFulfillments from "../../src/jobs/retry-auto-fulfillments"
import { planFulfillment } from "../../src/orchestration/auto-fulfillment/fulfillment-plan"
import { runFulfillOrder } from "../../src/orchestration/auto-fulfillment/run-fulfill-order"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import { atSandbox, sandbox } from "../helpers/sandbox"

jest.setTimeout(600_000)

/**
 * Every parcel Medusa's order lifecycle sends, bought as a placed order's is: items reserved in
 * two warehouses (one fulfillment and label per warehouse, each from its own address), the
 * outbound items of a confirmed exchange and of a claim, and items a confirmed order edit adds
 * (each in a fulfillment of its own, once, also when the event comes twice); and an edit that
 * would remove an item whose label was bought is told which label to void.
 */
httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreSetup
    let admin: { headers: Record<string, string> }
    let austin: string
    /** Stocked only at Shelton (A) / only at Austin (B), inventory managed. */
    let atShelton: string
    let atAustin: string
    let alsoAtShelton: string

    beforeAll(async () => {
      ;({ admin, store } = await openStore(api, getContainer()))
      austin = await addWarehouse(api, admin, store)
      atShelton = await addStockedProduct(api, admin, store, {
        title: "Shelton kettle",
        sku: "KETTLE-A",
        stock: { [store.locationId]: 50 },
      })
      atAustin = await addStockedProduct(api, admin, store, {
        title: "Austin kettle",
        sku: "KETTLE-B",
        stock: { [austin]: 50 },
      })
      alsoAtShelton = await addStockedProduct(api, admin, store, {
        title: "Shelton mug",
        sku: "MUG-A",
        stock: { [store.locationId]: 50 },
      })
    })

    const shipping = () =>
      getContainer().resolve<ShippingServicesModuleService>(
        SHIPPING_SERVICES_MODULE
      )
    const settled = async () => {
      await new Promise((r) => setTimeout(r, 300))
      expect(await whenIdle({ timeoutMs: 60_000, quietMs: 300 })).toBe(true)
    }
    const order = (variants: string[]) =>
      placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        items: variants.map((variantId) => ({ variantId, quantity: 1 })),
      })
    /** The order's live fulfillments with their location, lines and labels. */
    const fulfillmentsOf = async (orderId: string) => {
      const { data } = await api.get(
        `/admin/orders/${orderId}?fields=id,*fulfillments,*fulfillments.items,*fulfillments.labels`,
        admin
      )
      return (
        data.order.fulfillments as {
          id: string
          location_id: string
          canceled_at: string | null
          items: { line_item_id: string; quantity: number }[]
          labels: { tracking_number: string }[]
        }[]
      ).filter((f) => !f.canceled_at)
    }
    /** When the retry job takes the order's row up next (null: it does not). */
    const dueOf = async (orderId: string) =>
      (await shipping().listAutoFulfillments({ order_id: orderId }))[0]
        ?.next_attempt_at ?? null
    const labelled = (orderId: string, n: number) =>
      waitFor(
        async () => {
          const fs = await fulfillmentsOf(orderId)
          return fs.length === n && fs.every((f) => f.labels.length)
            ? fs
            : undefined
        },
        `${n} labelled fulfillment(s) of ${orderId}`,
        60_000,
        250
      )
    const fromPostalCode = async (trackingNumber: string) =>
      (await atSandbox(trackingNumber)).response.fromAddress.postalCode
    const lineOf = async (orderId: string, variantId: string) => {
      const { data } = await api.get(
        `/admin/orders/${orderId}?fields=id,*items`,
        admin
      )
      return (data.order.items as { id: string; variant_id: string }[]).filter(
        (i) => i.variant_id === variantId
      )
    }

    it("items reserved in two warehouses: one fulfillment and label per warehouse, each from its own address", async () => {
      const placed = await order([atShelton, atAustin])
      const fs = await labelled(placed.id, 2)
      const byLocation = Object.fromEntries(fs.map((f) => [f.location_id, f]))
      expect(Object.keys(byLocation).sort()).toEqual(
        [store.locationId, austin].sort()
      )
      const [sheltonLine] = await lineOf(placed.id, atShelton)
      const [austinLine] = await lineOf(placed.id, atAustin)
      expect(
        byLocation[store.locationId]!.items.map((i) => i.line_item_id)
      ).toEqual([sheltonLine!.id])
      expect(byLocation[austin]!.items.map((i) => i.line_item_id)).toEqual([
        austinLine!.id,
      ])
      expect(
        await fromPostalCode(
          byLocation[store.locationId]!.labels[0]!.tracking_number
        )
      ).toBe("06484")
      expect(
        await fromPostalCode(byLocation[austin]!.labels[0]!.tracking_number)
      ).toBe("78701")
      // Stock left where it was reserved: one down at each warehouse, nothing else moved.
      const { data: levels } = await api.get(
        `/admin/reservations?line_item_id[]=${sheltonLine!.id}&line_item_id[]=${austinLine!.id}`,
        admin
      )
      expect(levels.reservations).toEqual([])
    })

    it("a warehouse not linked to the provider is said in words; nothing is bought from another", async () => {
      const unlinked = await addWarehouse(api, admin, store, {
        name: "Unlinked warehouse",
        address: {
          address_1: "1 Harbor Rd",
          city: "Boston",
          province: "MA",
          postal_code: "02110",
          country_code: "us",
        },
      })
      await api.post(
        `/admin/stock-locations/${unlinked}/fulfillment-providers`,
        { remove: ["shipping-services_shipping-services"] },
        admin
      )
      const onlyThere = await addStockedProduct(api, admin, store, {
        title: "Boston kettle",
        sku: "KETTLE-C",
        stock: { [unlinked]: 5 },
      })
      const before = (await sandbox.get("/stats")).labelsCreated
      const placed = await order([onlyThere])
      const failed = await waitFor(async () => {
        const { data } = await api.get(
          `/admin/shipping-services/orders/${placed.id}/shipments`,
          admin
        )
        return data.auto_fulfillment?.status === "failed"
          ? data.auto_fulfillment
          : undefined
      }, "the attempt refused in words")
      expect(failed.last_error).toMatch(
        /stock location “Unlinked warehouse” is not linked to the shipping services provider/
      )
      expect((await sandbox.get("/stats")).labelsCreated).toBe(before)
    })

    /** A labelled kettle order and its exchange for a mug, not yet requested. */
    const kettleForMugExchange = async () => {
      const placed = await order([atShelton])
      await labelled(placed.id, 1)
      const [line] = await lineOf(placed.id, atShelton)
      const exchangeId = await beginOneForOneExchange(
        api,
        admin,
        placed.id,
        line!.id,
        alsoAtShelton,
        store.shippingOptions["postal-ground"]!
      )
      return { placed, exchangeId }
    }

    /** An order edit adding an Austin kettle, confirmed as the admin does. */
    const editInAustinKettle = (orderId: string) =>
      confirmAddingEdit(api, admin, orderId, [
        { variant_id: atAustin, quantity: 1 },
      ])

    /** The exchange requested with its purchase held until the sandbox's faults are cleared: its round is running when this returns. */
    const exchangeHeldOpen = async () => {
      const { placed, exchangeId } = await kettleForMugExchange()
      await sandbox.post("/faults", {
        operation: "createShipment",
        fault: "delay=120000",
        count: 1,
      })
      await requestChange(api, admin, "exchange", exchangeId)
      const seen = await waitFor(
        async () => {
          const row = await shipping().attempts().seen(placed.id)
          return row?.status === "running" ? row : undefined
        },
        "the exchange's round running",
        30_000,
        50
      )
      return { placed, seen }
    }

    it("an exchange's outbound items get their label in a fulfillment of their own, once however often its event comes", async () => {
      const { placed, exchangeId } = await kettleForMugExchange()
      await requestChange(api, admin, "exchange", exchangeId)
      const fs = await labelled(placed.id, 2)
      const [mug] = await lineOf(placed.id, alsoAtShelton)
      const exchangeParcel = fs.find((f) =>
        f.items.some((i) => i.line_item_id === mug!.id)
      )!
      expect(exchangeParcel.items.map((i) => i.line_item_id)).toEqual([mug!.id])
      // Redelivered, twice at once: nothing more is bought.
      const before = (await sandbox.get("/stats")).labelsCreated
      const bus = getContainer().resolve(Modules.EVENT_BUS)
      await Promise.all([
        bus.emit({
          name: "order.exchange_created",
          data: { order_id: placed.id, exchange_id: exchangeId },
        }),
        bus.emit({
          name: "order.exchange_created",
          data: { order_id: placed.id, exchange_id: exchangeId },
        }),
      ])
      await settled()
      expect(await fulfillmentsOf(placed.id)).toHaveLength(2)
      expect((await sandbox.get("/stats")).labelsCreated).toBe(before)
      const [row] = await shipping().listAutoFulfillments({
        order_id: placed.id,
      })
      expect(row).toMatchObject({ status: "succeeded", attempts: 1 })
    })

    it("a plan read while another process bought the change's label buys nothing: it is read again", async () => {
      // The exchange's purchase is held: another process reads its plan meanwhile.
      const { placed, seen } = await exchangeHeldOpen()
      try {
        const plan = await planFulfillment(getContainer(), placed.id)
        expect("groups" in plan && plan.groups.length).toBe(1)
        // The event once more meanwhile: that round's plan may predate this change, so the row keeps it.
        expect(
          await autoFulfillEvent(getContainer(), "order.changed", placed.id)
        ).toEqual({ status: "skipped", reason: CHANGE_WAITS })
        expect(await dueOf(placed.id)).not.toBeNull()
        await sandbox.delete("/faults")
        await labelled(placed.id, 2)
        await settled()
        const before = (await sandbox.get("/stats")).labelsCreated
        // The plan read before that round ended is not claimed on.
        const run = await runFulfillOrder(
          getContainer(),
          placed.id,
          "automatic",
          plan,
          { now: new Date(), reopen: true, planned_on: seen.version }
        )
        // Claimed on, it would buy a label Medusa's fulfillment then refuses (voided, an error).
        expect(run).toMatchObject({
          result: { claim: { claimed: false, stale: true } },
        })
        // Planned again on the row as it is now: nothing is left to buy.
        expect(
          await autoFulfillEvent(getContainer(), "order.changed", placed.id)
        ).toMatchObject({ status: "skipped" })
        expect((await sandbox.get("/stats")).labelsCreated).toBe(before)
        expect(await fulfillmentsOf(placed.id)).toHaveLength(2)
        // The retry job finds nothing left for the kept change, and lets it go (the app's own
        // scheduled run may have done so already on a slow machine).
        await retryAutoFulfillments(getContainer())
        expect(await dueOf(placed.id)).toBeNull()
        expect((await sandbox.get("/stats")).labelsCreated).toBe(before)
      } finally {
        await sandbox.delete("/faults")
      }
    })

    it("a change confirmed while another round of its order runs is bought by the retry job once that round ends", async () => {
      // The exchange's purchase is held: an order edit is confirmed meanwhile.
      const { placed } = await exchangeHeldOpen()
      try {
        await editInAustinKettle(placed.id)
        // Medusa's local bus sends the edit's event once: it finds the round running and is kept.
        await waitFor(
          async () => (await dueOf(placed.id)) ?? undefined,
          "the edit kept on the order's row",
          30_000,
          50
        )
        await sandbox.delete("/faults")
        await labelled(placed.id, 2)
        await settled()
        expect(await fulfillmentsOf(placed.id)).toHaveLength(2)
        await retryAutoFulfillments(getContainer())
        const fs = await labelled(placed.id, 3)
        const [added] = await lineOf(placed.id, atAustin)
        const edited = fs.find((f) =>
          f.items.some((i) => i.line_item_id === added!.id)
        )!
        expect(edited.location_id).toBe(austin)
        expect(await dueOf(placed.id)).toBeNull()
        const [row] = await shipping().listAutoFulfillments({
          order_id: placed.id,
        })
        expect(row).toMatchObject({ status: "succeeded", attempts: 1 })
      } finally {
        await sandbox.delete("/faults")
      }
    })

    it("a claim's replacement items leave the same way", async () => {
      const placed = await order([atShelton])
      await labelled(placed.id, 1)
      const [line] = await lineOf(placed.id, atShelton)
      const claimId = (await beginChange(api, admin, "claim", placed.id))
        .id as string
      await api.post(
        `/admin/claims/${claimId}/claim-items`,
        {
          items: [{ id: line!.id, quantity: 1, reason: "production_failure" }],
        },
        admin
      )
      await addOutbound(
        api,
        admin,
        "claim",
        claimId,
        [{ variant_id: atShelton, quantity: 1 }],
        store.shippingOptions["postal-ground"]
      )
      await requestChange(api, admin, "claim", claimId)
      const fs = await labelled(placed.id, 2)
      const lines = await lineOf(placed.id, atShelton)
      const replacement = lines.find((l) => l.id !== line!.id)!
      expect(
        fs.some((f) => f.items.every((i) => i.line_item_id === replacement.id))
      ).toBe(true)
    })

    it("an order edit's added items get their own label; lowering a labelled item says which label to void", async () => {
      const placed = await order([atShelton])
      const [first] = await labelled(placed.id, 1)
      await editInAustinKettle(placed.id)
      const fs = await labelled(placed.id, 2)
      const added = fs.find((f) => f.id !== first!.id)!
      expect(added.location_id).toBe(austin)
      expect(await fromPostalCode(added.labels[0]!.tracking_number)).toBe(
        "78701"
      )

      // Removing the first item, whose label was bought: refused, naming the label to void.
      const [line] = await lineOf(placed.id, atShelton)
      await api.post("/admin/order-edits", { order_id: placed.id }, admin)
      const refused = await api
        .post(
          `/admin/order-edits/${placed.id}/items/item/${line!.id}`,
          { quantity: 0 },
          admin
        )
        .catch((e: any) => e.response)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toContain(first!.labels[0]!.tracking_number)
      expect(refused.data.message).toMatch(/void that label on the order page/)
      await api.delete(`/admin/order-edits/${placed.id}`, admin)
    })
  },
})

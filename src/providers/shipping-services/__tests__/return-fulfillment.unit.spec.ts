import { appPluginOptions } from "../../../../dev/app-options"
import { ShippingServicesProviderService } from "../service"
import { reusableLabel } from "../parcel-purchase"
import type { ProviderPorts } from "../ports"

const logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
} as any

/** Ports that fail the test when the provider reaches for an order or the label journal. */
function ports(): ProviderPorts & { calls: string[] } {
  const calls: string[] = []
  const touched = (name: string) => () => {
    calls.push(name)
    throw new Error(`${name} must not be called`)
  }
  return {
    calls,
    shipments: touched("shipments") as never,
    stockLocationAddress: async () => ({
      address_1: "27 Waterview Dr",
      city: "Shelton",
      province: "us-ct",
      postal_code: "06484",
      country_code: "us",
    }),
    products: touched("products") as never,
    variants: touched("variants") as never,
    cartDetails: touched("cartDetails") as never,
    orderOfLineItems: touched("orderOfLineItems") as never,
    linkedFulfillments: touched("linkedFulfillments") as never,
    order: touched("order") as never,
  }
}

const provider = (p: ProviderPorts) =>
  new ShippingServicesProviderService(
    { logger, shippingServicesPorts: p },
    appPluginOptions({}) as unknown as Record<string, unknown>
  )

/** What Medusa hands over for an exchange's or claim's return part: every order item, no line ids. */
const changeReturn = (over: Record<string, unknown> = {}) => ({
  id: "ful_1",
  location_id: "sloc_1",
  items: {
    getItems: () => [
      { line_item_id: null, quantity: 1, title: "Tee" },
      { line_item_id: undefined, quantity: 2, title: "Mug" },
    ],
  },
  delivery_address: null,
  shipping_option: { data: { id: "postal-return" } },
  data: null,
  ...over,
})

describe("the provider's return fulfillment of an exchange or a claim", () => {
  it("buys nothing and leaves the fulfillment marked as waiting for its label", async () => {
    const p = ports()
    const result = await provider(p).createReturnFulfillment(changeReturn())
    expect(result).toEqual({
      data: {
        shipping_services: {
          awaiting_return_label: true,
          option_id: "postal-return",
        },
      },
      labels: [],
    })
    expect(p.calls).toEqual([])
  })

  it("refuses at the confirmation an option the plugin does not serve, in words", async () => {
    await expect(
      provider(ports()).createReturnFulfillment(
        changeReturn({ shipping_option: { data: { id: "gone" } } })
      )
    ).rejects.toThrow(
      'Unknown shipping-services option "gone": enable it under the plugin\'s services option'
    )
  })

  it("still looks for the order of a store return's lines (their line item ids)", async () => {
    const p = ports()
    await expect(
      provider(p).createReturnFulfillment(
        changeReturn({ items: [{ line_item_id: "ordli_1", quantity: 1 }] })
      )
    ).rejects.toThrow("orderOfLineItems must not be called")
  })
})

describe("reusableLabel: who may take a label bought earlier for the same parcel", () => {
  const linked = async (ids: string[]) => new Set(ids)
  const none = async () => new Set<string>()
  const holder =
    (data: Record<string, unknown> | null, canceled = false) =>
    async (id: string) => ({
      id,
      canceled_at: canceled ? new Date() : null,
      data,
    })
  const holds = {
    shipping_services: { shipment_id: "ssship_1", shipment_ids: ["ssship_1"] },
  }
  const row = { id: "ssship_1", fulfillment_id: "ful_other" }

  it("takes a label of the same fulfillment, or of none", async () => {
    expect(
      await reusableLabel({ ...row, fulfillment_id: "ful_1" }, "ful_1", {
        linked,
      })
    ).toBe(true)
    expect(
      await reusableLabel({ ...row, fulfillment_id: null }, "ful_1", { linked })
    ).toBe(true)
  })

  it("leaves a label another live, linked fulfillment holds; takes one a canceled, half-made or unlinked one had", async () => {
    const of = (fulfillment: any, l = linked) =>
      reusableLabel(row, "ful_1", { fulfillment, linked: l })
    expect(await of(holder(holds))).toBe(false)
    expect(await of(holder(holds, true))).toBe(true)
    expect(await of(holder(null))).toBe(true)
    expect(await of(async () => undefined)).toBe(true)
    expect(await of(holder(holds), none)).toBe(true)
    // Where fulfillments cannot be read, another's label is never taken.
    expect(await reusableLabel(row, "ful_1", { linked })).toBe(false)
  })
})

import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  forgetShippingOption,
  ourShippingOptionWithService,
} from "../auto-fulfillment/shipping-option-facts"

/** A container whose Query knows `options` (shipping_option) and counts the reads. */
function containerWith(
  options: { id: string; provider_id: string; data: unknown }[]
) {
  const listShippingOptions = jest.fn(
    async (input: { entity: string; filters: { id: string[] } }) => {
      if (input.entity !== "shipping_option")
        throw new Error(`unexpected ${input.entity}`)
      return {
        data: options.filter((o) => input.filters.id.includes(o.id)),
      }
    }
  )
  const container = {
    resolve: (key: string) => {
      if (key !== ContainerRegistrationKeys.QUERY)
        throw new Error(`unexpected ${key}`)
      return { graph: listShippingOptions }
    },
  } as unknown as MedusaContainer
  return { container, listShippingOptions }
}

const order = (...ids: (string | null)[]) => ({
  shipping_methods: ids.map((shipping_option_id) => ({ shipping_option_id })),
})

describe("ourShippingOptionWithService", () => {
  beforeEach(() => forgetShippingOption(undefined))

  it("finds the order's option of this provider and its service, reading each option once", async () => {
    const options = [
      { id: "so_manual", provider_id: "manual_manual", data: {} },
      {
        id: "so_ours",
        provider_id: "shipping-services_shipping-services",
        data: { id: "postal-ground" },
      },
    ]
    const { container, listShippingOptions } = containerWith(options)
    const expected = { id: "so_ours", service_id: "postal-ground" }
    expect(
      await ourShippingOptionWithService(
        container,
        order("so_manual", "so_ours")
      )
    ).toEqual(expected)
    expect(
      await ourShippingOptionWithService(
        container,
        order("so_manual", "so_ours")
      )
    ).toEqual(expected)
    expect(listShippingOptions).toHaveBeenCalledTimes(1)
    // Another provider's order costs no read once its option is known.
    expect(
      await ourShippingOptionWithService(container, order("so_manual"))
    ).toBeUndefined()
    expect(listShippingOptions).toHaveBeenCalledTimes(1)
  })

  it("reads an option afresh once it is forgotten (Medusa said it changed)", async () => {
    const options = [
      {
        id: "so_1",
        provider_id: "shipping-services_shipping-services",
        data: { id: "postal-ground" },
      },
    ]
    const { container, listShippingOptions } = containerWith(options)
    expect(
      await ourShippingOptionWithService(container, order("so_1"))
    ).toEqual({ id: "so_1", service_id: "postal-ground" })
    options[0].provider_id = "manual_manual"
    forgetShippingOption("so_1")
    expect(
      await ourShippingOptionWithService(container, order("so_1"))
    ).toBeUndefined()
    expect(listShippingOptions).toHaveBeenCalledTimes(2)
  })

  it("does not remember an option that does not exist, and reads nothing for an order without one", async () => {
    const { container, listShippingOptions } = containerWith([])
    expect(
      await ourShippingOptionWithService(container, order("so_gone"))
    ).toBeUndefined()
    expect(
      await ourShippingOptionWithService(container, order("so_gone"))
    ).toBeUndefined()
    expect(listShippingOptions).toHaveBeenCalledTimes(2)
    expect(
      await ourShippingOptionWithService(container, order(null))
    ).toBeUndefined()
    expect(listShippingOptions).toHaveBeenCalledTimes(2)
  })
})

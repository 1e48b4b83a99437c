import { container } from "@medusajs/framework"
import { MedusaModule } from "@medusajs/framework/modules-sdk"
import { Modules } from "@medusajs/framework/utils"
import {
  forgetCatalog,
  forgetStockLocations,
  forgetVariantStock,
  registryPorts,
} from "../ports"

/** Medusa's module registry holding only a stock location module whose reads are `list`. */
function withStockLocations(list: jest.Mock) {
  return jest
    .spyOn(MedusaModule, "getModuleInstance")
    .mockImplementation(((key: string) =>
      key === Modules.STOCK_LOCATION
        ? { [key]: { listStockLocations: list } }
        : undefined) as never)
}

/** Medusa's module registry holding only a product module whose variant reads are `list`. */
function withVariants(list: jest.Mock) {
  return jest
    .spyOn(MedusaModule, "getModuleInstance")
    .mockImplementation(((key: string) =>
      key === Modules.PRODUCT
        ? { [key]: { listProductVariants: list } }
        : undefined) as never)
}

const ADDRESS = { address_1: "27 Waterview Dr", country_code: "us" }

describe("the warehouse address a label ships from", () => {
  beforeEach(() => forgetStockLocations())
  afterEach(() => jest.restoreAllMocks())

  it("is read once for a burst of orders from one location, and afresh once forgotten", async () => {
    const list = jest.fn().mockResolvedValue([{ address: ADDRESS }])
    withStockLocations(list)
    for (let i = 0; i < 5; i++)
      expect(await registryPorts.stockLocationAddress("sloc_1")).toEqual(
        ADDRESS
      )
    expect(list).toHaveBeenCalledTimes(1)
    expect(list).toHaveBeenCalledWith(
      { id: "sloc_1" },
      { relations: ["address"] }
    )
    forgetStockLocations()
    await registryPorts.stockLocationAddress("sloc_1")
    expect(list).toHaveBeenCalledTimes(2)
  })

  it("fails the purchase when the read fails, instead of shipping from the configured origin, and remembers nothing", async () => {
    const list = jest
      .fn()
      .mockRejectedValueOnce(new Error("Connection terminated"))
      .mockResolvedValue([{ address: ADDRESS }])
    withStockLocations(list)
    await expect(registryPorts.stockLocationAddress("sloc_1")).rejects.toThrow(
      "Connection terminated"
    )
    expect(await registryPorts.stockLocationAddress("sloc_1")).toEqual(ADDRESS)
    expect(list).toHaveBeenCalledTimes(2)
  })

  it("is undefined for a location gone or without an address, remembered like one with it", async () => {
    const list = jest
      .fn()
      .mockResolvedValueOnce([])
      .mockResolvedValueOnce([{ address: null }])
    withStockLocations(list)
    expect(await registryPorts.stockLocationAddress("gone")).toBeUndefined()
    expect(await registryPorts.stockLocationAddress("gone")).toBeUndefined()
    expect(await registryPorts.stockLocationAddress("bare")).toBeUndefined()
    expect(await registryPorts.stockLocationAddress("bare")).toBeUndefined()
    expect(list).toHaveBeenCalledTimes(2)
  })
})

describe("what checkout reads of the shop's warehouses", () => {
  /** Medusa's Query answering `graph` with `answer`. */
  function withQuery(graph: jest.Mock) {
    return jest
      .spyOn(container, "resolve")
      .mockImplementation((() => ({ graph })) as never)
  }
  beforeEach(() => {
    forgetStockLocations()
    forgetVariantStock()
  })
  afterEach(() => jest.restoreAllMocks())

  it("reads the shop's locations once a minute per process, afresh once a location changed", async () => {
    const graph = jest.fn().mockResolvedValue({
      data: [
        {
          id: "sloc_1",
          name: "Shelton",
          address: ADDRESS,
          sales_channels: [{ id: "sc_1" }],
        },
        { id: "sloc_2", name: "Austin", address: null, sales_channels: [] },
      ],
    })
    withQuery(graph)
    for (let i = 0; i < 3; i++)
      expect(await registryPorts.shopLocations()).toEqual([
        {
          id: "sloc_1",
          name: "Shelton",
          address: ADDRESS,
          sales_channel_ids: ["sc_1"],
        },
        { id: "sloc_2", name: "Austin", address: null, sales_channel_ids: [] },
      ])
    expect(graph).toHaveBeenCalledTimes(1)
    forgetStockLocations()
    await registryPorts.shopLocations()
    expect(graph).toHaveBeenCalledTimes(2)
  })

  it("reads a cart's stock once per cart state for a checkout's dry runs (concurrent ones share it), with Medusa's own fields, and not a failed read", async () => {
    const row = {
      id: "variant_1",
      manage_inventory: true,
      allow_backorder: false,
      inventory_items: [
        {
          inventory_item_id: "iitem_1",
          required_quantity: 2,
          inventory: {
            location_levels: [
              {
                location_id: "sloc_1",
                stocked_quantity: 4,
                reserved_quantity: 1,
              },
            ],
          },
        },
      ],
    }
    const graph = jest
      .fn()
      .mockRejectedValueOnce(new Error("Connection terminated"))
      .mockResolvedValue({ data: [row] })
    withQuery(graph)
    const cart = { cart: "cart_1", keepMs: 300_000 }
    await expect(
      registryPorts.variantStock(["variant_1"], cart)
    ).rejects.toThrow("Connection terminated")
    const answers = await Promise.all([
      registryPorts.variantStock(["variant_1"], cart),
      registryPorts.variantStock(["variant_1", "variant_1"], cart),
      registryPorts.variantStock(["variant_1"], cart),
    ])
    expect(graph).toHaveBeenCalledTimes(2)
    // Minutes later, the same cart state: still the read its quotes were priced with.
    const now = Date.now()
    jest.spyOn(Date, "now").mockReturnValue(now + 240_000)
    await registryPorts.variantStock(["variant_1"], cart)
    expect(graph).toHaveBeenCalledTimes(2)
    // Another cart reads afresh; so does this one once its quotes are gone.
    await registryPorts.variantStock(["variant_1"], { ...cart, cart: "cart_2" })
    expect(graph).toHaveBeenCalledTimes(3)
    jest.spyOn(Date, "now").mockReturnValue(now + 301_000)
    await registryPorts.variantStock(["variant_1"], cart)
    expect(graph).toHaveBeenCalledTimes(4)
    expect(answers[1]).toEqual([
      {
        id: "variant_1",
        manage_inventory: true,
        allow_backorder: false,
        inventory_items: [
          {
            inventory_item_id: "iitem_1",
            required_quantity: 2,
            location_levels: row.inventory_items[0]!.inventory.location_levels,
          },
        ],
      },
    ])
    expect(graph.mock.calls[1]![0]).toMatchObject({
      entity: "product_variant",
      filters: { id: ["variant_1"] },
      fields: expect.arrayContaining([
        "manage_inventory",
        "inventory_items.inventory.location_levels.stocked_quantity",
        "inventory_items.inventory.location_levels.reserved_quantity",
      ]),
    })
    expect(await registryPorts.variantStock([])).toEqual([])
    expect(graph).toHaveBeenCalledTimes(4)
  })
})

describe("the catalog fields a label is built from", () => {
  const variant = (id: string, weight: number) => ({
    id,
    weight,
    product: { id: `prod_${id}`, metadata: { hazmat: "none" } },
  })
  /** Answers with the variants asked for, each at `weight`. */
  const catalog = (weight: number) =>
    jest.fn(async ({ id }: { id: string[] }) =>
      id.map((v) => variant(v, weight))
    )
  beforeEach(() => forgetCatalog())
  afterEach(() => jest.restoreAllMocks())

  it("is read once for a burst of orders of the same variants, only the variants not read yet after that", async () => {
    const list = catalog(500)
    withVariants(list)
    for (let i = 0; i < 5; i++)
      expect(await registryPorts.variants(["v_1", "v_2"])).toEqual([
        variant("v_1", 500),
        variant("v_2", 500),
      ])
    expect(list).toHaveBeenCalledTimes(1)
    expect(
      (await registryPorts.variants(["v_2", "v_3"])).map((v) => v.id).sort()
    ).toEqual(["v_2", "v_3"])
    expect(list).toHaveBeenCalledTimes(2)
    expect(list.mock.calls[1]![0]).toEqual({ id: ["v_3"] })
    expect(list.mock.calls[1]![1]).toMatchObject({ take: 1 })
  })

  it("is read once by concurrent purchases, and a variant not found is not remembered", async () => {
    const list = jest.fn(async ({ id }: { id: string[] }) =>
      id.filter((v) => v !== "gone").map((v) => variant(v, 500))
    )
    withVariants(list)
    const all = await Promise.all(
      Array.from({ length: 8 }, () => registryPorts.variants(["v_1", "gone"]))
    )
    for (const found of all) expect(found).toEqual([variant("v_1", 500)])
    expect(list).toHaveBeenCalledTimes(1)
    await registryPorts.variants(["v_1", "gone"])
    expect(list).toHaveBeenCalledTimes(2)
    expect(list.mock.calls[1]![0]).toEqual({ id: ["gone"] })
  })

  it("is read afresh once Medusa says the catalog changed, and after five seconds", async () => {
    const list = catalog(500)
    withVariants(list)
    await registryPorts.variants(["v_1"])
    list.mockImplementation(async ({ id }: { id: string[] }) =>
      id.map((v) => variant(v, 700))
    )
    forgetCatalog()
    expect(await registryPorts.variants(["v_1"])).toEqual([variant("v_1", 700)])
    const now = Date.now()
    jest.spyOn(Date, "now").mockReturnValue(now + 5_001)
    await registryPorts.variants(["v_1"])
    expect(list).toHaveBeenCalledTimes(3)
  })

  it("remembers nothing of a failed read", async () => {
    const list = jest
      .fn()
      .mockRejectedValueOnce(new Error("Connection terminated"))
      .mockImplementation(async ({ id }: { id: string[] }) =>
        id.map((v) => variant(v, 500))
      )
    withVariants(list)
    await expect(registryPorts.variants(["v_1"])).rejects.toThrow(
      "Connection terminated"
    )
    expect(await registryPorts.variants(["v_1"])).toEqual([variant("v_1", 500)])
    expect(list).toHaveBeenCalledTimes(2)
  })
})

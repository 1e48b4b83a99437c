import { MedusaModule } from "@medusajs/framework/modules-sdk"
import { Modules } from "@medusajs/framework/utils"
import { forgetStockLocations, registryPorts } from "../ports"

/** Medusa's module registry holding only a stock location module whose reads are `list`. */
function withStockLocations(list: jest.Mock) {
  return jest
    .spyOn(MedusaModule, "getModuleInstance")
    .mockImplementation(((key: string) =>
      key === Modules.STOCK_LOCATION
        ? { [key]: { listStockLocations: list } }
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

import { rmaCartOf, rmaItemsOf } from "../rma-cart"

const address = {
  first_name: "Ada",
  address_1: "1 Main St",
  city: "New York",
  postal_code: "10001",
  country_code: "us",
}

describe("an exchange's or a claim's outbound method, as a cart to price", () => {
  const ports = {
    order: jest.fn(async () => ({
      email: "a@example.com",
      currency_code: "usd",
      metadata: null,
      shipping_address: address,
    })),
    lineItems: jest.fn(async (ids: string[]) =>
      ids
        .filter((id) => id !== "ordli_gone")
        .map((id) => ({ id, variant_id: `variant_${id}`, title: "Mug" }))
    ),
  }

  it("prices only the change's items, at its quantities, to the order's address", async () => {
    const cart = await rmaCartOf(ports, {
      id: "order_1",
      items: [{ id: "ordli_old", quantity: 1 }],
      exchange_id: "exc_1",
      exchange_items: [
        { id: "ordli_new", quantity: "2" },
        { id: "ordli_gone", quantity: 1 },
        { id: "ordli_zero", quantity: 0 },
      ],
    })
    expect(cart).toEqual({
      id: "order_1",
      email: "a@example.com",
      currency_code: "usd",
      metadata: null,
      shipping_address: address,
      items: [
        {
          id: "ordli_new",
          variant_id: "variant_ordli_new",
          title: "Mug",
          quantity: 2,
        },
      ],
    })
    expect(ports.lineItems).toHaveBeenCalledWith(["ordli_new", "ordli_gone"])
  })

  it("is none for a cart, a return's context, or no order id", async () => {
    expect(await rmaCartOf(ports, { id: "cart_1" })).toBeNull()
    expect(
      await rmaCartOf(ports, { id: "order_1", return_id: "ret_1" } as never)
    ).toBeNull()
    expect(
      await rmaCartOf(ports, { claim_items: [{ id: "x", quantity: 1 }] })
    ).toBeNull()
    expect(rmaItemsOf({ claim_items: [{ id: "a", quantity: 3 }] })).toEqual([
      { id: "a", quantity: 3 },
    ])
  })
})

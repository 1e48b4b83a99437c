import { checkoutView } from "../checkout-view"

const promise = {
  earliest: "2026-12-01",
  latest: "2026-12-03",
  guaranteed: true,
}

describe("what checkout kept on the order", () => {
  it("marks a fallback price while the method still costs it", () => {
    const view = checkoutView([
      { amount: 12, data: { option_id: "other" } },
      {
        amount: 9.5,
        data: {
          option_id: "ground",
          price_quote: { source: "flat", amount: 9.5, quoted_at: null },
          delivery_promise: promise,
        },
      },
    ])
    expect(view).toEqual({
      price_source: "flat",
      price_note: expect.stringMatching(/^Postage not quoted live/),
      delivery_promise: promise,
    })
  })

  it("a last quote is dated; a refresh that priced it live drops the mark", () => {
    const data = {
      option_id: "ground",
      price_quote: {
        source: "last_quote",
        amount: 7.35,
        quoted_at: "2026-11-28T09:00:00.000Z",
      },
    }
    expect(checkoutView([{ amount: 7.35, data }])?.price_note).toMatch(
      /last quote for this cart \(2026-11-28 09:00 UTC\)/
    )
    expect(checkoutView([{ amount: 8.1, data }])).toEqual({
      price_source: null,
      price_note: null,
      delivery_promise: null,
    })
  })

  it("a live price is live; no method of the plugin, nothing; a bad promise is none", () => {
    expect(
      checkoutView([
        {
          amount: 7,
          data: {
            option_id: "ground",
            price_quote: { source: "live", amount: 7 },
            delivery_promise: { earliest: "soon", latest: "2026-12-01" },
          },
        },
      ])
    ).toEqual({
      price_source: "live",
      price_note: null,
      delivery_promise: null,
    })
    expect(checkoutView([{ amount: 5, data: {} }])).toBeNull()
    expect(checkoutView([])).toBeNull()
  })
})

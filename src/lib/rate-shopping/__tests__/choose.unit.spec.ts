import { chooseRate, type RateCandidate } from "../choose"

const by = (latest: string) => ({ earliest: latest, latest, guaranteed: false })

/** The sandbox's domestic postal services for a 1 lb parcel, roughly: PM the default. */
const rates = (): RateCandidate[] => [
  {
    service_id: "PM",
    amount: 10.2,
    currency: "usd",
    delivery: by("2026-12-03"),
    delivery_days: 3,
    broken: null,
  },
  {
    service_id: "UGA",
    amount: 6.25,
    currency: "usd",
    delivery: by("2026-12-07"),
    delivery_days: 5,
    broken: null,
  },
  {
    service_id: "EM",
    amount: 31.1,
    currency: "usd",
    delivery: by("2026-12-02"),
    delivery_days: 2,
    broken: null,
  },
]

const choose = (
  over: Partial<Parameters<typeof chooseRate>[0]> = {}
): ReturnType<typeof chooseRate> =>
  chooseRate({
    strategy: "cheapest",
    default_service_id: "PM",
    candidates: rates(),
    currency: "usd",
    promise: null,
    promised_service_id: null,
    ...over,
  })

describe("chooseRate", () => {
  it("takes the cheapest without a promise, and records the saving against the option's own service", () => {
    const { choice } = choose()
    expect(choice).toMatchObject({
      strategy: "cheapest",
      default_service_id: "PM",
      chosen_service_id: "UGA",
      promised_date: null,
      saving: 3.95,
      currency: "usd",
    })
    expect(choice!.compared.map((c) => c.service_id)).toEqual([
      "PM",
      "UGA",
      "EM",
    ])
    expect(choice!.compared.every((c) => c.refused === null)).toBe(true)
  })

  it("takes the fastest: the earliest delivery date, the cheaper on a tie", () => {
    expect(choose({ strategy: "fastest" }).choice!.chosen_service_id).toBe("EM")
    const tie = rates().map((r) =>
      r.service_id === "PM" ? { ...r, delivery: by("2026-12-02") } : r
    )
    expect(
      choose({ strategy: "fastest", candidates: tie }).choice!.chosen_service_id
    ).toBe("PM")
  })

  it("never takes a cheaper service that would arrive after the promise, and says why", () => {
    const { choice } = choose({
      promise: by("2026-12-04"),
      promised_service_id: "UGA",
    })
    expect(choice!.chosen_service_id).toBe("PM")
    expect(choice!.promised_date).toBe("2026-12-04")
    expect(choice!.saving).toBe(0)
    expect(choice!.compared.find((c) => c.service_id === "UGA")!.refused).toBe(
      "arrives by 2026-12-07, after the promised 2026-12-04"
    )
  })

  it("buys the service that made the promise when none keeps it, else the fastest it can buy", () => {
    const promise = by("2026-11-30")
    expect(
      choose({ promise, promised_service_id: "UGA" }).choice!.chosen_service_id
    ).toBe("UGA")
    const { choice } = choose({ promise, promised_service_id: null })
    expect(choice!.chosen_service_id).toBe("EM")
    // Bought, so not refused; the other two keep their reasons.
    expect(choice!.compared.filter((c) => c.refused).length).toBe(2)
  })

  it("leaves out a service a rule refuses, with the rule's words, even as the promise's fallback", () => {
    const ruled = rates().map((r) =>
      r.service_id === "UGA"
        ? { ...r, broken: "phone is required [address.phone]" }
        : r
    )
    const { choice } = choose({ candidates: ruled })
    expect(choice!.chosen_service_id).toBe("PM")
    expect(choice!.compared.find((c) => c.service_id === "UGA")!.refused).toBe(
      "phone is required [address.phone]"
    )
    expect(
      choose({
        candidates: ruled,
        promise: by("2026-11-30"),
        promised_service_id: "UGA",
      }).choice!.chosen_service_id
    ).toBe("EM")
  })

  it("refuses a service without a rate or priced in another currency; none buyable is no choice", () => {
    const odd = rates().map((r) =>
      r.service_id === "UGA"
        ? { ...r, amount: null }
        : r.service_id === "EM"
          ? { ...r, amount: 1, currency: "cad" }
          : r
    )
    const { choice } = choose({ candidates: odd })
    expect(choice!.chosen_service_id).toBe("PM")
    expect(choice!.compared.map((c) => c.refused)).toEqual([
      null,
      "the rates answer has no rate for it",
      "priced in CAD, the order is in USD",
    ])
    const none = choose({
      candidates: odd.map((r) => ({ ...r, broken: "no" })),
    })
    expect(none.choice).toBeNull()
    expect(none.compared.map((c) => c.refused)).toEqual(["no", "no", "no"])
  })

  it("has no saving when the option's own service was not rated", () => {
    const noDefault = rates().map((r) =>
      r.service_id === "PM" ? { ...r, amount: null } : r
    )
    expect(choose({ candidates: noDefault }).choice!.saving).toBeNull()
  })
})

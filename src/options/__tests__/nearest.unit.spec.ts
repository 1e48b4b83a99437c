import { editDistance, nearestKey } from "../nearest"

describe("editDistance", () => {
  it.each([
    ["", "", 0],
    ["", "abc", 3],
    ["abc", "", 3],
    ["webhook", "webhook", 0],
    ["webhooks", "webhook", 1], // insertion
    ["webhok", "webhook", 1], // deletion
    ["webhoek", "webhook", 1], // substitution
    ["szie", "size", 1], // two neighbours swapped
    ["servcies", "services", 1],
    ["ca", "abc", 3], // a swap is not followed by an insertion between its letters
    ["kitten", "sitting", 3],
    ["flaw", "lawn", 2],
  ])("%s → %s = %i", (a, b, d) => {
    expect(editDistance(a, b)).toBe(d)
    expect(editDistance(b, a)).toBe(d)
  })
})

describe("nearestKey", () => {
  const top = [
    "credentials",
    "roots",
    "shipper",
    "services",
    "webhook",
    "polling",
    "http",
    "customs",
  ]

  it("suggests the key a slip came from", () => {
    expect(nearestKey("webhooks", top)).toBe("webhook")
    expect(nearestKey("servcies", top)).toBe("services")
    expect(nearestKey("credentails", top)).toBe("credentials")
    expect(nearestKey("Polling", top)).toBe("polling")
    expect(nearestKey("apikey", ["apiKey", "apiSecret"])).toBe("apiKey")
    expect(nearestKey("szie", ["type", "fileFormat", "size"])).toBe("size")
  })

  it("suggests nothing for a word far from every key", () => {
    expect(nearestKey("bogus", top)).toBeUndefined()
    expect(nearestKey("x", ["http"])).toBeUndefined()
    expect(nearestKey("note", ["name", "value"])).toBeUndefined()
    expect(nearestKey("anything", [])).toBeUndefined()
  })

  it("prefers the closest of several near keys", () => {
    expect(nearestKey("shipers", ["shipper", "shippers"])).toBe("shippers")
  })
})

import { decodeTime } from "ulid"
import { entityId } from "../entity-id"

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

describe("entityId", () => {
  it("is Medusa's form: the prefix, an underscore and a ULID of now", () => {
    const before = Date.now()
    const id = entityId("sstev")
    expect(id).toMatch(/^sstev_[0-9A-HJKMNP-TV-Z]{26}$/)
    const time = decodeTime(id.slice("sstev_".length))
    expect(time).toBeGreaterThanOrEqual(before)
    expect(time).toBeLessThanOrEqual(Date.now())
  })

  it("never repeats across many pool refills (50,000 ids, 16 random characters each)", () => {
    const ids = new Set<string>()
    for (let i = 0; i < 50_000; i++) ids.add(entityId("x"))
    expect(ids.size).toBe(50_000)
  })

  it("draws every base-32 character about equally often in the random part", () => {
    const counts = new Map<string, number>()
    const n = 20_000
    for (let i = 0; i < n; i++)
      for (const c of entityId("x").slice(2 + 10))
        counts.set(c, (counts.get(c) ?? 0) + 1)
    expect([...counts.keys()].sort().join("")).toBe(CROCKFORD)
    const expected = (n * 16) / 32
    // Chi-square with 31 degrees of freedom: 61.1 is p = 0.001; a biased draw is far beyond.
    const chi = [...counts.values()].reduce(
      (s, k) => s + (k - expected) ** 2 / expected,
      0
    )
    expect(chi).toBeLessThan(61.1)
  })
})

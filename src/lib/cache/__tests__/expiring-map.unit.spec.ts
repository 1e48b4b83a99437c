import { ExpiringMap } from "../expiring-map"

describe("ExpiringMap", () => {
  /** A map of 10 entries living 100 ms, on a clock the test moves. */
  const mapOnClock = () => {
    let t = 1_000
    const map = new ExpiringMap<string, number>({
      ttlMs: 100,
      maxEntries: 10,
      now: () => t,
    })
    return { map, advance: (ms: number) => (t += ms) }
  }

  it("answers a value until its time to live has passed, then forgets it", () => {
    const { map, advance } = mapOnClock()
    map.set("a", 1)
    advance(99)
    expect(map.get("a")).toBe(1)
    advance(1)
    expect(map.get("a")).toBeUndefined()
    expect(map.size).toBe(0)
  })

  it("counts the time to live from the last set", () => {
    const { map, advance } = mapOnClock()
    map.set("a", 1)
    advance(80)
    map.set("a", 2)
    advance(80)
    expect(map.get("a")).toBe(2)
  })

  it("drops the entry set longest ago past maxEntries", () => {
    const map = new ExpiringMap<string, number>({ ttlMs: 1000, maxEntries: 2 })
    map.set("a", 1)
    map.set("b", 2)
    map.set("a", 3) // set again: now the newest
    map.set("c", 4)
    expect(map.get("b")).toBeUndefined()
    expect(map.get("a")).toBe(3)
    expect(map.get("c")).toBe(4)
    expect(map.size).toBe(2)
  })

  it("forgets on delete and clear", () => {
    const map = new ExpiringMap<string, number>({ ttlMs: 1000, maxEntries: 5 })
    map.set("a", 1)
    map.set("b", 2)
    map.delete("a")
    expect(map.get("a")).toBeUndefined()
    map.clear()
    expect(map.get("b")).toBeUndefined()
  })

  it("refuses a bound that keeps nothing", () => {
    expect(() => new ExpiringMap({ ttlMs: 0, maxEntries: 1 })).toThrow(
      /ttlMs > 0/
    )
    expect(() => new ExpiringMap({ ttlMs: 10, maxEntries: 0 })).toThrow(
      /maxEntries/
    )
  })
})

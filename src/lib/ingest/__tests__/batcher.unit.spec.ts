import { Batcher } from "../batcher"

describe("Batcher", () => {
  it("flushes concurrent adds together and hands each caller its own results", async () => {
    const flushes: number[][] = []
    const b = new Batcher<number, string>(
      async (items) => {
        flushes.push(items)
        return items.map((i) => `r${i}`)
      },
      { maxBatch: 100, maxWaitMs: 0 }
    )
    const results = await Promise.all([
      b.add([1, 2]),
      b.add([3]),
      b.add([4, 5, 6]),
    ])
    expect(results).toEqual([["r1", "r2"], ["r3"], ["r4", "r5", "r6"]])
    expect(flushes).toEqual([[1, 2, 3, 4, 5, 6]])
  })

  it("splits at maxBatch without splitting one caller's group", async () => {
    const sizes: number[] = []
    const b = new Batcher<number, number>(
      async (items) => {
        sizes.push(items.length)
        return items
      },
      { maxBatch: 3, maxWaitMs: 0, maxConcurrentFlushes: 1 }
    )
    await Promise.all([b.add([1, 2]), b.add([3, 4]), b.add([5])])
    expect(sizes).toEqual([2, 3])
  })

  it("rejects every caller of a failed flush and keeps working", async () => {
    let fail = true
    const b = new Batcher<number, number>(
      async (items) => {
        if (fail) throw new Error("db down")
        return items
      },
      { maxBatch: 10, maxWaitMs: 0 }
    )
    await expect(Promise.all([b.add([1]), b.add([2])])).rejects.toThrow(
      "db down"
    )
    fail = false
    await expect(b.add([3])).resolves.toEqual([3])
  })

  it("bounds concurrent flushes", async () => {
    let running = 0
    let peak = 0
    const b = new Batcher<number, number>(
      async (items) => {
        running++
        peak = Math.max(peak, running)
        await new Promise((r) => setTimeout(r, 5))
        running--
        return items
      },
      { maxBatch: 1, maxWaitMs: 0, maxConcurrentFlushes: 2 }
    )
    await Promise.all(Array.from({ length: 10 }, (_, i) => b.add([i])))
    expect(peak).toBe(2)
  })
})

describe("Batcher isolation", () => {
  it("retries each caller alone after a failed shared flush, so a bad item fails only its caller", async () => {
    const flushes: number[][] = []
    const b = new Batcher<number, number>(
      async (items) => {
        flushes.push(items)
        if (items.includes(13)) throw new Error("poison")
        return items
      },
      { maxBatch: 100, maxWaitMs: 0 }
    )
    const results = await Promise.allSettled([
      b.add([1, 2]),
      b.add([13]),
      b.add([3]),
    ])
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
    ])
    expect((results[0] as PromiseFulfilledResult<number[]>).value).toEqual([
      1, 2,
    ])
    expect(flushes).toEqual([[1, 2, 13, 3], [1, 2], [13], [3]])
  })

  it("fails every caller at once when isolate says the failure is everybody's", async () => {
    let calls = 0
    const b = new Batcher<number, number>(
      async () => {
        calls++
        throw new Error("connection refused")
      },
      { maxBatch: 100, maxWaitMs: 0, isolate: () => false }
    )
    const results = await Promise.allSettled([
      b.add([1]),
      b.add([2]),
      b.add([3]),
    ])
    expect(results.every((r) => r.status === "rejected")).toBe(true)
    expect(calls).toBe(1)
  })

  it("counts a flush that throws at once as failed", async () => {
    const b = new Batcher<number, number>(
      (items) => {
        if (items.includes(0)) throw new Error("sync")
        return Promise.resolve(items)
      },
      { maxBatch: 100, maxWaitMs: 0 }
    )
    const results = await Promise.allSettled([b.add([0]), b.add([5])])
    expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled"])
  })
})

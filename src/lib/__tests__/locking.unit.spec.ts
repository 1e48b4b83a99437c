import { queuedKeys, withLock, type LockingLike } from "../locking"

const tick = () => new Promise((r) => setTimeout(r, 1))

/** A locking provider that counts what it holds, as the PostgreSQL one holds connections. */
function countingLocking() {
  const stats = { holding: 0, peak: 0, calls: 0 }
  const locking: LockingLike = {
    async execute(_key, job) {
      stats.calls++
      stats.holding++
      stats.peak = Math.max(stats.peak, stats.holding)
      try {
        return await job()
      } finally {
        stats.holding--
      }
    },
  }
  return { locking, stats }
}

describe("withLock", () => {
  it("holds at most `capacity` provider locks of a family at once, whatever the burst", async () => {
    const { locking, stats } = countingLocking()
    const runs = Array.from({ length: 60 }, (_, i) =>
      withLock(locking, `k${i % 12}`, async () => (await tick(), i), {
        family: "burst",
        capacity: 2,
      })
    )
    const results = await Promise.all(runs)
    expect(results).toEqual(Array.from({ length: 60 }, (_, i) => i))
    expect(stats.calls).toBe(60)
    expect(stats.peak).toBe(2)
    expect(queuedKeys()).toBe(0)
  })

  it("runs callers of one key one after another, in the order they came", async () => {
    const { locking } = countingLocking()
    const order: string[] = []
    const job = (name: string) => async () => {
      order.push(`${name}:start`)
      await tick()
      order.push(`${name}:end`)
    }
    await Promise.all(
      ["a", "b", "c"].map((n) =>
        withLock(locking, "same", job(n), { family: "order", capacity: 5 })
      )
    )
    expect(order).toEqual([
      "a:start",
      "a:end",
      "b:start",
      "b:end",
      "c:start",
      "c:end",
    ])
  })

  it("lets a lock taken inside another pass the bound instead of waiting for its own slot", async () => {
    const { locking } = countingLocking()
    const nested = withLock(
      locking,
      "outer",
      () =>
        withLock(locking, "inner", async () => "done", {
          family: "nest",
          capacity: 1,
        }),
      { family: "nest", capacity: 1 }
    )
    await expect(
      Promise.race([
        nested,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error("deadlock")), 500)
        ),
      ])
    ).resolves.toBe("done")
  })

  it("frees the key when a job fails, and passes the failure on", async () => {
    const { locking } = countingLocking()
    await expect(
      withLock(locking, "boom", async () => Promise.reject(new Error("no")), {
        family: "fail",
        capacity: 1,
      })
    ).rejects.toThrow("no")
    await expect(
      withLock(locking, "boom", async () => "again", {
        family: "fail",
        capacity: 1,
      })
    ).resolves.toBe("again")
    expect(queuedKeys()).toBe(0)
  })
})

import { waitFor } from "../wait"

describe("waitFor", () => {
  it("returns the probe's first value, polling until then", async () => {
    let n = 0
    // Time enough for three polls on a starved worker (1 s was not, at a load of 15 on 2 cores).
    await expect(
      waitFor(async () => ++n >= 3 && n, "three", 10_000, 1)
    ).resolves.toBe(3)
  })

  it("times out naming what it waited for and the last error with its cause", async () => {
    // As fetch fails: the reason ("bad port", "ECONNREFUSED") is only on the cause.
    const probe = async () => {
      throw new TypeError("fetch failed", { cause: new Error("bad port") })
    }
    await expect(waitFor(probe, "the app's /health", 30, 5)).rejects.toThrow(
      "timed out waiting for the app's /health: fetch failed (bad port)"
    )
    await expect(waitFor(async () => false, "nothing", 20, 5)).rejects.toThrow(
      /^timed out waiting for nothing$/
    )
  })
})

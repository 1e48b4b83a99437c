import { inFlight, runningInFlight, whenIdle } from "../in-flight"

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe("in-flight background work", () => {
  it("counts running jobs and forgets them when they end, failed or not", async () => {
    let release!: () => void
    const held = inFlight(() => new Promise<void>((r) => (release = r)))
    const failing = inFlight(async () => {
      throw new Error("boom")
    })
    expect(runningInFlight()).toBe(2)
    await expect(failing).rejects.toThrow("boom")
    expect(runningInFlight()).toBe(1)
    release()
    await held
    expect(runningInFlight()).toBe(0)
  })

  it("waits for the last job, and for a quiet spell, before calling the process idle", async () => {
    const started = Date.now()
    void inFlight(() => sleep(60))
    // A second job starts inside the quiet spell after the first: idle only after it ends too.
    setTimeout(() => void inFlight(() => sleep(60)), 80)
    expect(await whenIdle({ timeoutMs: 2_000, quietMs: 50 })).toBe(true)
    expect(Date.now() - started).toBeGreaterThanOrEqual(140 + 50 - 5)
    expect(runningInFlight()).toBe(0)
  })

  it("gives up at the deadline while work is still running", async () => {
    let release!: () => void
    const held = inFlight(() => new Promise<void>((r) => (release = r)))
    const started = Date.now()
    expect(await whenIdle({ timeoutMs: 100 })).toBe(false)
    // Held work never ends: a return at all is the deadline's; the bound leaves a loaded machine room.
    expect(Date.now() - started).toBeLessThan(5_000)
    release()
    await held
    expect(await whenIdle({ timeoutMs: 100 })).toBe(true)
  })

  it("shares one registry across copies of the module (a test file and Medusa's loader)", async () => {
    let copy!: typeof import("../in-flight")
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a second, isolated copy of the module is the point
      copy = require("../in-flight")
    })
    let release!: () => void
    const held = copy.inFlight(() => new Promise<void>((r) => (release = r)))
    expect(runningInFlight()).toBe(1)
    release()
    await held
    expect(runningInFlight()).toBe(0)
  })
})

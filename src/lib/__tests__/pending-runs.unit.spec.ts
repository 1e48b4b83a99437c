import { PendingRuns } from "../pending-runs"

/** A run that starts when `open()` is called, and resolves with `value` once it started. */
function gated<T>(value: T) {
  let open!: () => void
  const gate = new Promise<void>((r) => (open = r))
  const schedule = jest.fn(async (started: () => void) => {
    await gate
    started()
    return value
  })
  return { schedule, open }
}

describe("PendingRuns", () => {
  it("joins calls made while a run of their key waits to start", async () => {
    const runs = new PendingRuns<string>()
    const a = gated("first")
    const b = gated("second")
    const first = runs.run("sh_1", a.schedule)
    const second = runs.run("sh_1", b.schedule)
    expect(second).toBe(first)
    expect(b.schedule).not.toHaveBeenCalled()
    a.open()
    await expect(second).resolves.toBe("first")
    expect(runs.size).toBe(0)
  })

  it("does not join a run that has started: the call gets a run of its own", async () => {
    const runs = new PendingRuns<string>()
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const first = runs.run("sh_1", async (started) => {
      started()
      await held
      return "first"
    })
    await Promise.resolve()
    const b = gated("second")
    const second = runs.run("sh_1", b.schedule)
    expect(second).not.toBe(first)
    expect(b.schedule).toHaveBeenCalledTimes(1)
    release()
    b.open()
    await expect(first).resolves.toBe("first")
    await expect(second).resolves.toBe("second")
  })

  it("keeps keys apart", () => {
    const runs = new PendingRuns<string>()
    const a = gated("a")
    const b = gated("b")
    expect(runs.run("sh_1", a.schedule)).not.toBe(runs.run("sh_2", b.schedule))
    expect(runs.size).toBe(2)
    a.open()
    b.open()
  })

  it("gives joined callers the run's failure, and forgets a run that failed before it started", async () => {
    const runs = new PendingRuns<string>()
    let fail!: (e: Error) => void
    const failing = runs.run(
      "sh_1",
      () => new Promise<string>((_, reject) => (fail = reject))
    )
    const joined = runs.run("sh_1", async () => "never")
    expect(joined).toBe(failing)
    fail(new Error("lock timed out"))
    await expect(joined).rejects.toThrow("lock timed out")
    expect(runs.size).toBe(0)
    await expect(runs.run("sh_1", async () => "again")).resolves.toBe("again")
  })
})

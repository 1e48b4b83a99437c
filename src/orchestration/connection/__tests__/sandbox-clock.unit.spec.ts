import type { ServiceIdentity } from "../../../shipping-api/client/service-identity"
import { planOnServiceClock, UNKNOWN_RECHECK_MS } from "../sandbox-clock"

/** A client whose answers are scripted: who answered last, and what a new call will say. */
function fakeClient(
  first: ServiceIdentity,
  next: ServiceIdentity = first,
  clocks: { before?: Date; after?: Date } = {}
) {
  let identity = first
  let checks = 0
  return {
    get checks() {
      return checks
    },
    serviceIdentity: () => identity,
    sandboxNow: () =>
      identity.kind !== "sandbox"
        ? undefined
        : checks
          ? clocks.after
          : clocks.before,
    checkIdentity: async () => {
      checks++
      identity = next
      return identity
    },
  }
}

const sandbox = (clockMs: number): ServiceIdentity => ({
  kind: "sandbox",
  seenAt: 0,
  clockMs,
  speed: 0,
})
const before = new Date("2026-03-02T00:00:00Z")
const after = new Date("2026-03-05T00:00:00Z")

/** A plan that sees an event "ahead" unless judged on a clock at or after `after`. */
const plan = (sandboxNow: Date | undefined) => ({
  judgedOn: sandboxNow ?? null,
  ahead: sandboxNow && sandboxNow >= after ? 0 : 1,
})

describe("planOnServiceClock", () => {
  it("makes no call when nothing looks ahead", async () => {
    const client = fakeClient(sandbox(before.getTime()), undefined, { before })
    expect(
      await planOnServiceClock(client, () => ({ ahead: 0, on: "cached" }))
    ).toEqual({ ahead: 0, on: "cached" })
    expect(client.checks).toBe(0)
  })

  it("asks the sandbox again when an event looks ahead of its last reading (an advance since), and plans on its answer", async () => {
    const client = fakeClient(
      sandbox(before.getTime()),
      sandbox(after.getTime()),
      { before, after }
    )
    expect(await planOnServiceClock(client, plan)).toEqual({
      judgedOn: after,
      ahead: 0,
    })
    expect(client.checks).toBe(1)
  })

  it("never asks, nor relaxes, when the real service answered last", async () => {
    const client = fakeClient({ kind: "service", seenAt: 0 })
    expect(await planOnServiceClock(client, plan)).toEqual({
      judgedOn: null,
      ahead: 1,
    })
    expect(client.checks).toBe(0)
  })

  it("asks a process that heard nothing yet, at most every 30 s; a real service's answer keeps our clock", async () => {
    let t = 1_000_000
    const now = () => t
    const unknown = fakeClient(
      { kind: "unknown" },
      { kind: "service", seenAt: 0 }
    )
    expect((await planOnServiceClock(unknown, plan, now)).judgedOn).toBeNull()
    expect(unknown.checks).toBe(1)

    const silent = fakeClient({ kind: "unknown" }, { kind: "unknown" })
    await planOnServiceClock(silent, plan, now)
    await planOnServiceClock(silent, plan, now)
    expect(silent.checks).toBe(1)
    t += UNKNOWN_RECHECK_MS
    await planOnServiceClock(silent, plan, now)
    expect(silent.checks).toBe(2)

    const sandboxAfterAll = fakeClient(
      { kind: "unknown" },
      sandbox(after.getTime()),
      { after }
    )
    expect((await planOnServiceClock(sandboxAfterAll, plan, now)).ahead).toBe(0)
  })
})

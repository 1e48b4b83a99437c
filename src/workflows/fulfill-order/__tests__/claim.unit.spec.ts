import {
  claimOrderFulfillment,
  giveBackOrderFulfillment,
} from "../steps/claim-order-fulfillment"
import { retryAtAfterFailure } from "../../../lib/auto-fulfillment/attempts"

type Row = {
  id: string
  order_id: string
  status: string
  attempts: number
  lease_until?: Date | null
  /** Bumped by every write, as updated_at is. */
  version?: number
}

/** The module service's auto-fulfillment rows, as far as the claim and its compensation use them. */
function rows(
  initial: Row[] = [],
  policy = { maxAttempts: 3, backoffMs: 1000 }
) {
  const table = initial.map((r) => ({ version: 1, ...r }))
  const bump = (row: Row) => (row.version = (row.version ?? 1) + 1)
  const leases = {
    fields: () => ({ lease_owner: "me", lease_until: new Date() }),
    track: jest.fn(),
    letExpire: jest.fn(),
  }
  return {
    table,
    leases: () => leases,
    leaseCalls: leases,
    getOptions: () => ({ autoFulfill: policy }) as never,
    // As the module's INSERT … ON CONFLICT DO NOTHING: a row running under this process's lease, or nothing.
    attempts() {
      return this
    },
    start: jest.fn(async (row: { order_id: string }) => {
      if (table.some((r) => r.order_id === row.order_id)) return undefined
      const created = {
        ...row,
        status: "running",
        attempts: 1,
        id: `af_${table.length + 1}`,
        version: 1,
      }
      table.push(created)
      leases.track("shipping_services_auto_fulfillment", created.id)
      return { id: created.id }
    }),
    seen: jest.fn(async (order_id: string) => {
      const row = table.find((r) => r.order_id === order_id)
      return row
        ? {
            id: row.id,
            status: row.status,
            attempts: row.attempts,
            version: String(row.version),
          }
        : null
    }),
    claim: jest.fn(
      async (
        id: string,
        seen: { status: string; attempts: number; version?: string },
        maxBefore: number | null = null
      ) => {
        const row = table.find((r) => r.id === id)!
        if (row.status !== seen.status || row.attempts !== seen.attempts)
          return false
        if (seen.version !== undefined && String(row.version) !== seen.version)
          return false
        if (
          row.status === "running" &&
          (row.lease_until?.getTime() ?? 0) > Date.now()
        )
          return false
        Object.assign(row, {
          status: "running",
          attempts: Math.min(row.attempts, maxBefore ?? row.attempts) + 1,
        })
        bump(row)
        return true
      }
    ),
    release: jest.fn(
      async (
        id: string,
        a: { attempts: number; next_attempt_at: Date | null }
      ) => {
        const row = table.find((r) => r.id === id)!
        if (row.status !== "running" || row.attempts !== a.attempts)
          return false
        Object.assign(row, {
          status: "failed",
          next_attempt_at: a.next_attempt_at,
        })
        bump(row)
        return true
      }
    ),
  }
}

const facts = {
  option_id: "postal-ground",
  lane: null,
  display_id: 1,
  placed_at: null,
}

describe("claiming an order's fulfillment", () => {
  it("creates the order's row as this process's running attempt", async () => {
    const s = rows()
    const claim = await claimOrderFulfillment(s as never, {
      order_id: "order_1",
      facts,
      mode: "automatic",
      started_at: new Date(),
    })
    expect(claim).toEqual({
      claimed: true,
      record_id: "af_1",
      attempts: 1,
      first: true,
    })
    expect(s.leaseCalls.track).toHaveBeenCalledWith(
      "shipping_services_auto_fulfillment",
      "af_1"
    )
  })

  it("leaves a row another live process runs, and an automatic claim leaves held and finished rows", async () => {
    const live = new Date(Date.now() + 60_000)
    const s = rows([
      {
        id: "af_1",
        order_id: "o1",
        status: "running",
        attempts: 1,
        lease_until: live,
      },
      { id: "af_2", order_id: "o2", status: "held", attempts: 0 },
      { id: "af_3", order_id: "o3", status: "succeeded", attempts: 1 },
      { id: "af_4", order_id: "o4", status: "failed", attempts: 3 },
    ])
    const auto = (order_id: string) =>
      claimOrderFulfillment(s as never, {
        order_id,
        facts,
        mode: "automatic",
        started_at: new Date(),
      })
    expect(await auto("o1")).toMatchObject({ claimed: false, busy: true })
    expect(await auto("o2")).toMatchObject({
      claimed: false,
      reason: "held by an admin",
    })
    expect(await auto("o3")).toMatchObject({
      claimed: false,
      reason: "already succeeded",
    })
    expect(await auto("o4")).toMatchObject({
      claimed: false,
      reason: "no attempts left: an admin has to fulfill it",
    })
    // An admin chose the order: held or out of attempts, it is theirs to buy now.
    const admin = (order_id: string) =>
      claimOrderFulfillment(s as never, {
        order_id,
        facts,
        mode: "admin",
        started_at: new Date(),
      })
    expect(await admin("o2")).toEqual({
      claimed: true,
      record_id: "af_2",
      attempts: 1,
      first: false,
    })
    expect(await admin("o4")).toEqual({
      claimed: true,
      record_id: "af_4",
      attempts: 4,
      first: false,
    })
    expect(await admin("o1")).toMatchObject({ claimed: false, busy: true })
  })

  it("gives an admin's retry one more attempt, counted as the last, once the automatic ones are used up", async () => {
    const s = rows([
      { id: "af_1", order_id: "o1", status: "failed", attempts: 3 },
      { id: "af_2", order_id: "o2", status: "failed", attempts: 1 },
    ])
    const retry = (order_id: string) =>
      claimOrderFulfillment(s as never, {
        order_id,
        facts,
        mode: "automatic",
        started_at: new Date(),
        extra_attempt: true,
      })
    expect(await retry("o1")).toEqual({
      claimed: true,
      record_id: "af_1",
      attempts: 3,
      first: false,
    })
    expect(s.table[0]).toMatchObject({ status: "running", attempts: 3 })
    // Attempts left: the retry is simply the next one.
    expect(await retry("o2")).toEqual({
      claimed: true,
      record_id: "af_2",
      attempts: 2,
      first: false,
    })
    // Given back, the last attempt schedules nothing: the job does not resume after it.
    await giveBackOrderFulfillment(s as never, {
      record_id: "af_1",
      attempts: 3,
      mode: "automatic",
      started_at: new Date(),
    })
    expect(s.table[0]).toMatchObject({
      status: "failed",
      attempts: 3,
      next_attempt_at: null,
    })
  })

  it("takes over a running row whose process stopped (lease ran out)", async () => {
    const s = rows([
      {
        id: "af_1",
        order_id: "o1",
        status: "running",
        attempts: 1,
        lease_until: new Date(0),
      },
    ])
    expect(
      await claimOrderFulfillment(s as never, {
        order_id: "o1",
        facts,
        mode: "automatic",
      })
    ).toEqual({ claimed: true, record_id: "af_1", attempts: 2, first: false })
  })
})

describe("claiming on a plan read earlier", () => {
  const reopen = (
    s: ReturnType<typeof rows>,
    planned_on: string | null,
    mode: "automatic" | "admin" = "automatic"
  ) =>
    claimOrderFulfillment(s as never, {
      order_id: "o1",
      facts,
      mode,
      started_at: new Date(),
      reopen: true,
      planned_on,
    })

  it("claims a row unchanged since the plan was read", async () => {
    const s = rows([
      { id: "af_1", order_id: "o1", status: "succeeded", attempts: 1 },
    ])
    expect(await reopen(s, "1")).toEqual({
      claimed: true,
      record_id: "af_1",
      attempts: 1,
      first: false,
    })
  })

  it("leaves a row another round changed since (status and attempts alike): the plan is read again", async () => {
    // Another round ran: succeeded with one attempt before and after, its version moved on.
    const s = rows([
      {
        id: "af_1",
        order_id: "o1",
        status: "succeeded",
        attempts: 1,
        version: 3,
      },
    ])
    for (const mode of ["automatic", "admin"] as const)
      expect(await reopen(s, "1", mode)).toEqual({
        claimed: false,
        reason: "another process changed it since its plan was read",
        busy: true,
        stale: true,
      })
    // No row when the plan was read, one now.
    expect(await reopen(s, null)).toMatchObject({ claimed: false, stale: true })
    expect(s.table[0]).toMatchObject({ status: "succeeded", version: 3 })
  })

  it("says a live round is running, not stale, when its plan was read before it began", async () => {
    const s = rows([
      {
        id: "af_1",
        order_id: "o1",
        status: "running",
        attempts: 1,
        lease_until: new Date(Date.now() + 60_000),
        version: 2,
      },
    ])
    const claim = await reopen(s, "1")
    expect(claim).toEqual({
      claimed: false,
      reason: "already running in another process",
      busy: true,
    })
  })

  it("a racer that changes the row between the claim's read and its write wins alone", async () => {
    const s = rows([
      { id: "af_1", order_id: "o1", status: "succeeded", attempts: 1 },
    ])
    // The other round ends as it began (succeeded, one attempt) between the read and the write.
    s.seen.mockImplementationOnce(async () => {
      const row = { id: "af_1", status: "succeeded", attempts: 1, version: "1" }
      s.table[0]!.version = 3
      return row
    })
    expect(await reopen(s, "1")).toMatchObject({ claimed: false, stale: true })
  })
})

describe("giving a failed attempt back (the claim's compensation)", () => {
  const now = new Date("2026-11-25T10:00:00Z")

  it("marks it failed, due again after the backoff, and stops renewing its lease", async () => {
    const s = rows([
      { id: "af_1", order_id: "o1", status: "running", attempts: 2 },
    ])
    await giveBackOrderFulfillment(s as never, {
      record_id: "af_1",
      attempts: 2,
      mode: "automatic",
      started_at: now,
    })
    expect(s.leaseCalls.letExpire).toHaveBeenCalledWith(
      "shipping_services_auto_fulfillment",
      "af_1"
    )
    expect(s.table[0]).toMatchObject({
      status: "failed",
      next_attempt_at: new Date(now.getTime() + 2000),
    })
  })

  it("schedules nothing for an admin's attempt or the last one", async () => {
    expect(
      retryAtAfterFailure("admin", 1, { maxAttempts: 3, backoffMs: 1000 }, now)
    ).toBeNull()
    expect(
      retryAtAfterFailure(
        "automatic",
        3,
        { maxAttempts: 3, backoffMs: 1000 },
        now
      )
    ).toBeNull()
  })

  it("leaves a row whose attempt is no longer this one (another process took it over)", async () => {
    const s = rows([
      { id: "af_1", order_id: "o1", status: "running", attempts: 3 },
    ])
    await giveBackOrderFulfillment(s as never, {
      record_id: "af_1",
      attempts: 2,
      mode: "automatic",
      started_at: now,
    })
    expect(s.table[0]).toMatchObject({ status: "running", attempts: 3 })
  })
})

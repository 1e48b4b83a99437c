import {
  restoreKeys,
  rotateKeysLocked,
  WebhookRegistrationError,
} from "../reconcile"

function shipping(rows: Record<string, unknown>[]) {
  const state = rows.map((r) => ({ ...r }))
  return {
    state,
    getOptions: () => ({
      webhook: {
        enabled: true,
        publicUrl: "https://shop.example.com",
        lockers: false,
      },
    }),
    listSettings: jest.fn(async () => []),
    listWebhookRegistrations: jest.fn(async () => state.map((r) => ({ ...r }))),
    updateWebhookRegistrations: jest.fn(
      async (updates: Record<string, unknown>[]) => {
        for (const u of updates)
          Object.assign(
            state.find((r) => r.id === u.id)!,
            u
          )
      }
    ),
    forgetWebhookKeys: jest.fn(),
  }
}

describe("webhook key rotation and its compensation", () => {
  const logger = {
    info: jest.fn(),
    warn: jest.fn(),
    error: jest.fn(),
    debug: jest.fn(),
  } as never

  it("rotates the keys, and the compensation gives every row its keys back", async () => {
    const rows = [
      {
        id: "wr_1",
        type: "tracking",
        api_key: "k1",
        previous_api_key: null,
        key_rotated_at: null,
      },
    ]
    const s = shipping(rows)
    const { rotated, before } = await rotateKeysLocked(
      { shipping: s as never, logger },
      undefined
    )
    expect(rotated).toEqual(["tracking"])
    expect(s.state[0]).toMatchObject({ previous_api_key: "k1" })
    expect(s.state[0]!.api_key).not.toBe("k1")
    await restoreKeys(s as never, before)
    expect(s.state).toEqual(rows)
    expect(s.forgetWebhookKeys).toHaveBeenCalledTimes(2)
  })

  it("refuses, in words that survive a workflow run, when nothing is registered", async () => {
    const s = shipping([])
    const error = await rotateKeysLocked({ shipping: s as never, logger }, [
      "locker",
    ]).catch((e) => e)
    expect(error).toBeInstanceOf(WebhookRegistrationError)
    const crossed = WebhookRegistrationError.from({
      name: error.name,
      message: error.message,
      code: error.code,
    })
    expect(crossed).toMatchObject({
      code: "not-registered",
      message: "no locker webhook is registered yet: re-register first",
    })
  })
})

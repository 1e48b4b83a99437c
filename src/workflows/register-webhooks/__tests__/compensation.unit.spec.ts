import { SHIPPING_SERVICES_MODULE } from "../../../options/resolve"
import { runThenFail } from "../../__tests__/run-then-fail"
import {
  restoreKeys,
  rotateKeysLocked,
} from "../../../modules/shipping-services/webhook-registration/keys"
import {
  WEBHOOKS_REMOVED_SETTING,
  WebhookRegistrationError,
} from "../../../modules/shipping-services/webhook-registration/records"
import { markWebhooksRemovedStep } from "../steps/remove-webhooks"

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
    forget: jest.fn(),
    keys() {
      return { forget: this.forget }
    },
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
    expect(s.forget).toHaveBeenCalledTimes(2)
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

describe("removing the webhooks (uninstall) and its compensation", () => {
  /** The Setting model's rows, as the settings helpers use them. */
  function settings(initial: { key: string; value: object }[]) {
    const rows = initial.map((r, i) => ({ id: `set_${i}`, ...r }))
    return {
      rows,
      listSettings: jest.fn(async ({ key }: { key: string }) =>
        rows.filter((r) => r.key === key).map((r) => ({ ...r }))
      ),
      createSettings: jest.fn(async (row: { key: string; value: object }) => {
        rows.push({ id: `set_${rows.length}`, ...row })
      }),
      updateSettings: jest.fn(async (u: { id: string; value: object }) => {
        Object.assign(
          rows.find((r) => r.id === u.id)!,
          u
        )
      }),
      deleteSettings: jest.fn(async (ids: string[]) => {
        for (const id of ids)
          rows.splice(
            rows.findIndex((r) => r.id === id),
            1
          )
      }),
    }
  }

  it("puts the removed mark back as it was when a later step fails (none: deleted again)", async () => {
    const s = settings([])
    const { errors } = await runThenFail(
      markWebhooksRemovedStep,
      { at: new Date("2026-11-25T10:00:00Z") },
      { [SHIPPING_SERVICES_MODULE]: s }
    )
    expect(errors).toEqual(["a later step failed"])
    expect(s.createSettings).toHaveBeenCalledWith({
      key: WEBHOOKS_REMOVED_SETTING,
      value: { at: "2026-11-25T10:00:00.000Z" },
    })
    expect(s.rows).toEqual([])
  })

  it("keeps an earlier removal's mark when a later step fails", async () => {
    const earlier = { at: "2026-01-01T00:00:00.000Z" }
    const s = settings([{ key: WEBHOOKS_REMOVED_SETTING, value: earlier }])
    await runThenFail(
      markWebhooksRemovedStep,
      { at: new Date("2026-11-25T10:00:00Z") },
      { [SHIPPING_SERVICES_MODULE]: s }
    )
    expect(s.rows.map((r) => r.value)).toEqual([earlier])
  })
})

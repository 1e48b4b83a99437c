import { WEBHOOK_EVENTS } from "../../../shipping-api/constants"
import { webhookConfigRequestSchema } from "../../../shipping-api/schemas/webhook-config"
import {
  desiredWebhookConfig,
  publicRegistration,
  publicUrlWarnings,
  registrationBlocker,
  wantedTypes,
  webhookUrl,
} from "../desired"
import { planReconcile } from "../reconcile"

const webhook = {
  enabled: true,
  publicUrl: "https://shop.example.com/",
  name: "medusa-shipping-services",
  headerName: "X-Shipping-Services-Key",
  timeOutSeconds: 10,
  lockers: false,
}

describe("the webhook configuration this store wants", () => {
  it("registers every tracking event at the tracking route with our key (a valid doc 1 body)", () => {
    const desired = desiredWebhookConfig(webhook, "tracking", "k".repeat(43))
    expect(desired).toEqual({
      name: "medusa-shipping-services",
      type: "tracking",
      events: [...WEBHOOK_EVENTS.tracking],
      url: "https://shop.example.com/hooks/shipping-services/tracking",
      timeOut: 10,
      status: "active",
      authParams: {
        authType: "custom",
        headerName: "X-Shipping-Services-Key",
        apiKey: "k".repeat(43),
      },
    })
    expect(webhookConfigRequestSchema.safeParse(desired).success).toBe(true)
    expect(
      webhookConfigRequestSchema.safeParse(
        desiredWebhookConfig(webhook, "locker", "k")
      ).success
    ).toBe(true)
  })

  it("adds the locker configuration at its own route only when asked", () => {
    expect(wantedTypes(webhook)).toEqual(["tracking"])
    expect(wantedTypes({ lockers: true })).toEqual(["tracking", "locker"])
    expect(webhookUrl("https://shop.example.com//", "locker")).toBe(
      "https://shop.example.com/hooks/shipping-services/locker"
    )
  })

  it("cuts the name to doc 1's 50 characters", () => {
    expect(
      desiredWebhookConfig(
        { ...webhook, name: "n".repeat(60) },
        "tracking",
        "k"
      ).name
    ).toHaveLength(50)
  })

  it("says why nothing is registered: webhooks off, or no public URL", () => {
    expect(registrationBlocker(webhook)).toBeUndefined()
    expect(registrationBlocker({ ...webhook, enabled: false })?.code).toBe(
      "disabled"
    )
    expect(
      registrationBlocker({ ...webhook, publicUrl: undefined })?.code
    ).toBe("no-public-url")
    expect(registrationBlocker({ ...webhook, publicUrl: "  " })?.code).toBe(
      "no-public-url"
    )
  })

  it("warns at boot about a missing public URL, or plain http in production", () => {
    expect(publicUrlWarnings(webhook, "production")).toEqual([])
    expect(
      publicUrlWarnings({ ...webhook, publicUrl: undefined }, "development")[0]
    ).toMatch(/webhook.publicUrl is not set/)
    expect(
      publicUrlWarnings(
        { ...webhook, publicUrl: "http://shop.example.com" },
        "production"
      )[0]
    ).toMatch(/not https while NODE_ENV=production/)
    expect(
      publicUrlWarnings(
        { ...webhook, publicUrl: "http://localhost:9000" },
        "development"
      )
    ).toEqual([])
    expect(
      publicUrlWarnings(
        { ...webhook, publicUrl: "https://localhost:9000" },
        "production"
      )[0]
    ).toMatch(/points at this machine/)
    expect(
      publicUrlWarnings(
        { ...webhook, enabled: false, publicUrl: undefined },
        "production"
      )
    ).toEqual([])
  })

  it("is left alone by the reconcile plan once registered as wanted", () => {
    const desired = desiredWebhookConfig(webhook, "tracking", "key-1")
    expect(
      planReconcile([{ webHookConfigID: "w1", ...desired }], desired, "w1")
    ).toEqual({ action: "none", id: "w1", differences: [], remove: [] })
  })
})

describe("what the admin may see of a registration", () => {
  const row = {
    id: "sswh_1",
    type: "tracking",
    config_id: "w1",
    name: "medusa-shipping-services",
    url: "https://shop.example.com/hooks/shipping-services/tracking",
    events: ["Delivered"],
    status: "active",
    header_name: "X-Shipping-Services-Key",
    api_key: "SECRET-CURRENT",
    previous_api_key: "SECRET-PREVIOUS",
    time_out: 10,
    synced_at: new Date("2026-03-10T10:00:00Z"),
    key_rotated_at: new Date("2026-03-10T09:00:00Z"),
    last_delivery_at: null,
    last_error: null,
  }

  it("never carries a key", () => {
    const shown = publicRegistration(
      row,
      24 * 3_600_000,
      new Date("2026-03-10T12:00:00Z")
    )
    expect(JSON.stringify(shown)).not.toMatch(/SECRET/)
    expect(Object.keys(shown).sort()).toEqual(
      [
        "type",
        "id",
        "url",
        "events",
        "status",
        "header_name",
        "time_out",
        "synced_at",
        "last_delivery_at",
        "key_rotated_at",
        "previous_key_accepted_until",
        "last_error",
      ].sort()
    )
    expect(shown).toMatchObject({
      id: "w1",
      synced_at: "2026-03-10T10:00:00.000Z",
      previous_key_accepted_until: "2026-03-11T09:00:00.000Z",
    })
  })

  it("says the previous key is no longer accepted once the grace period is over", () => {
    expect(
      publicRegistration(row, 24 * 3_600_000, new Date("2026-03-11T09:00:01Z"))
        .previous_key_accepted_until
    ).toBeNull()
    expect(
      publicRegistration(
        { ...row, previous_api_key: null },
        24 * 3_600_000,
        new Date("2026-03-10T12:00:00Z")
      ).previous_key_accepted_until
    ).toBeNull()
  })
})

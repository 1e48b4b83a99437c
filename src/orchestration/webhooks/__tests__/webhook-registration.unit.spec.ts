import {
  startSandbox,
  type SandboxHandle,
} from "../../../../packages/sandbox/src"
import { ShippingClient } from "../../../shipping-api/client"
import {
  reconcileWebhooks,
  removeWebhookRegistrationsWith,
  rotateWebhookKeysWith,
} from "./locked-runs"
import { WEBHOOKS_REMOVED_SETTING } from "../../../modules/shipping-services/webhook-registration/records"
import { fakeLocking, fakeShipping, silentLogger } from "../../__tests__/fakes"

/**
 * The registration's orchestration against the real sandbox server (in this process) with an
 * in-memory stand-in of the plugin's module: what the http tests check through the app, here
 * in the corners (instances racing without a shared lock, lockers on and off, a changed URL, a
 * rotation the service refuses).
 */
describe("webhook registration", () => {
  let sb: SandboxHandle
  let client: ShippingClient

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, speed: 0, log: () => undefined })
    client = new ShippingClient({
      roots: sb.roots,
      credentials: sb.credentials,
      timeoutMs: 15_000, // generous: a loaded machine, not a slow service
      concurrency: 4,
      maxAttempts: 1,
    })
  })
  afterAll(() => sb.close())
  beforeEach(async () => {
    sb.control.clearFaults()
    for (const c of await client.listWebhookConfigs())
      await client.deleteWebhookConfig(c.webHookConfigID)
  })

  const setup = (options: Record<string, unknown> = {}, withLock = true) => {
    const shipping = fakeShipping(options)
    const { logger, lines } = silentLogger()
    const deps = {
      shipping: shipping as any,
      logger,
      client,
      ...(withLock ? { locking: fakeLocking() } : {}),
    }
    return { shipping, deps, lines }
  }

  it("creates one configuration for concurrent runs under the lock", async () => {
    const { shipping, deps } = setup()
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map((n) => reconcileWebhooks(deps, { reason: `run ${n}` }))
    )
    expect(outcomes.map((o) => o.results[0]!.action).sort()).toEqual([
      "create",
      "none",
      "none",
      "none",
    ])
    const configs = await client.listWebhookConfigs()
    expect(configs).toHaveLength(1)
    expect(configs[0]).toMatchObject({
      url: "https://shop.example.com/hooks/shipping-services/tracking",
      authParams: { apiKey: shipping.tables.registrations.rows[0]!.api_key },
    })
  })

  it("without a shared lock, instances still agree on one key and the next run removes the extra copy", async () => {
    const a = setup({}, false)
    // Two instances: their own processes, one database (the same rows), no lock between them.
    const b = { ...a.deps, shipping: a.shipping as any }
    await Promise.all([
      reconcileWebhooks(a.deps, { reason: "a" }),
      reconcileWebhooks(b, { reason: "b" }),
    ])
    expect(a.shipping.tables.registrations.rows).toHaveLength(1)
    const key = a.shipping.tables.registrations.rows[0]!.api_key
    const racing = await client.listWebhookConfigs()
    expect(racing.length).toBeGreaterThanOrEqual(1)
    expect(racing.every((c) => c.authParams?.apiKey === key)).toBe(true)
    const healed = await reconcileWebhooks(a.deps, { reason: "next" })
    expect(await client.listWebhookConfigs()).toHaveLength(1)
    expect(healed.results[0]!.removed).toHaveLength(racing.length - 1)
  })

  it("registers lockers at their own route when asked, and deletes them when no longer asked", async () => {
    const { shipping, deps } = setup({
      webhook: { publicUrl: "https://shop.example.com", lockers: true },
    })
    const first = await reconcileWebhooks(deps, { reason: "boot" })
    expect(first.results.map((r) => `${r.type}:${r.action}`)).toEqual([
      "tracking:create",
      "locker:create",
    ])
    const configs = await client.listWebhookConfigs()
    expect(configs.map((c) => [c.type, c.url]).sort()).toEqual([
      ["locker", "https://shop.example.com/hooks/shipping-services/locker"],
      ["tracking", "https://shop.example.com/hooks/shipping-services/tracking"],
    ])
    expect(configs.find((c) => c.type === "locker")!.events).toEqual([
      "reservation",
      "cancelreservation",
      "deposit",
      "pickup",
      "stalemailpickup",
      "onhold",
    ])
    ;(shipping.options.webhook as { lockers: boolean }).lockers = false
    const second = await reconcileWebhooks(deps, { reason: "boot" })
    expect(second.results.map((r) => `${r.type}:${r.action}`)).toEqual([
      "tracking:none",
      "locker:delete",
    ])
    expect((await client.listWebhookConfigs()).map((c) => c.type)).toEqual([
      "tracking",
    ])
    expect(shipping.tables.registrations.rows.map((r) => r.type)).toEqual([
      "tracking",
    ])
  })

  it("moves the known configuration to a new public URL instead of adding one", async () => {
    const { shipping, deps } = setup()
    await reconcileWebhooks(deps, { reason: "install" })
    const [before] = await client.listWebhookConfigs()
    ;(shipping.options.webhook as { publicUrl?: string }).publicUrl =
      "https://new.example.com"
    const outcome = await reconcileWebhooks(deps, { reason: "boot" })
    expect(outcome.results[0]).toMatchObject({
      action: "update",
      differences: ["url"],
    })
    const after = await client.listWebhookConfigs()
    expect(after.map((c) => [c.webHookConfigID, c.url])).toEqual([
      [
        before!.webHookConfigID,
        "https://new.example.com/hooks/shipping-services/tracking",
      ],
    ])
  })

  it("skips, saying why, when webhooks are off or there is no public URL, touching nothing", async () => {
    for (const webhook of [
      { enabled: false, publicUrl: "https://shop.example.com" },
      { enabled: true },
    ]) {
      const { shipping, deps } = setup({ webhook })
      const outcome = await reconcileWebhooks(deps, { reason: "boot" })
      expect(outcome.skipped?.code).toBe(
        webhook.enabled ? "no-public-url" : "disabled"
      )
      expect(shipping.tables.registrations.rows).toHaveLength(0)
    }
    expect(
      sb.control.stats().requests.listWebhookConfigs ?? 0
    ).toBeGreaterThanOrEqual(0)
    expect(await client.listWebhookConfigs()).toHaveLength(0)
  })

  it("stores nothing and reports the error when the service is down", async () => {
    const { shipping, deps, lines } = setup()
    sb.control.injectFault("listWebhookConfigs", "503", 1)
    const outcome = await reconcileWebhooks(deps, { reason: "boot" })
    expect(outcome).toMatchObject({
      ok: false,
      error: { status: 503, operation: "listWebhookConfigs" },
    })
    expect(shipping.tables.registrations.rows).toHaveLength(0)
    expect(lines.join("\n")).toMatch(
      /could not read the webhook configurations \(boot\).*retried every 15 minutes/
    )
  })

  it("keeps a rotated key (and the previous one) when the service refuses the update; the next run sends it", async () => {
    const { shipping, deps, lines } = setup()
    await reconcileWebhooks(deps, { reason: "install" })
    const oldKey = shipping.tables.registrations.rows[0]!.api_key
    sb.control.injectFault("updateWebhookConfig", "500-before", 1)
    const { rotated, outcome } = await rotateWebhookKeysWith(deps)
    expect(rotated).toEqual(["tracking"])
    expect(outcome).toMatchObject({ ok: false, error: { status: 500 } })
    const row = shipping.tables.registrations.rows[0]!
    expect(row.previous_api_key).toBe(oldKey)
    expect(row.api_key).not.toBe(oldKey)
    expect(row.last_error).toMatchObject({ status: 500 })
    expect((await client.listWebhookConfigs())[0]!.authParams?.apiKey).toBe(
      oldKey
    )
    await reconcileWebhooks(deps, { reason: "job" })
    expect((await client.listWebhookConfigs())[0]!.authParams?.apiKey).toBe(
      row.api_key
    )
    for (const key of [oldKey, row.api_key])
      expect(lines.join("\n")).not.toContain(key)
  })

  it("leaves the work to the run holding the lock, but does not hide a broken lock", async () => {
    const { deps } = setup()
    const timedOut = {
      execute: async () =>
        Promise.reject(new Error("Timed-out acquiring lock.")),
    }
    expect(
      await reconcileWebhooks({ ...deps, locking: timedOut }, { reason: "job" })
    ).toMatchObject({ ok: true, skipped: { code: "busy" } })
    const broken = {
      execute: async () =>
        Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:6379")),
    }
    await expect(
      reconcileWebhooks({ ...deps, locking: broken }, { reason: "job" })
    ).rejects.toThrow(/ECONNREFUSED/)
  })

  it("removes every configuration of ours (known id, or our name and URL) and stays removed until forced", async () => {
    const { shipping, deps } = setup()
    await reconcileWebhooks(deps, { reason: "install" })
    const desired = (await client.listWebhookConfigs())[0]!
    // A copy from an earlier install, and someone else's configuration that must stay.
    await client.createWebhookConfig({
      name: desired.name!,
      type: "tracking",
      events: ["Delivered"],
      url: desired.url!,
      status: "active",
      authParams: { authType: "custom", apiKey: "x", headerName: "X-K" },
    })
    await client.createWebhookConfig({
      name: "another-app",
      type: "tracking",
      events: ["Delivered"],
      url: "https://other.example.com/hook",
      status: "active",
      authParams: { authType: "custom", apiKey: "y", headerName: "X-K" },
    })
    const report = await removeWebhookRegistrationsWith(deps)
    expect(report).toMatchObject({ rows: 1 })
    expect(report.deleted).toHaveLength(2)
    expect((await client.listWebhookConfigs()).map((c) => c.name)).toEqual([
      "another-app",
    ])
    expect(shipping.tables.settings.rows.map((r) => r.key)).toContain(
      WEBHOOKS_REMOVED_SETTING
    )
    expect(
      (await reconcileWebhooks(deps, { reason: "boot" })).skipped?.code
    ).toBe("removed")
    await expect(rotateWebhookKeysWith(deps)).rejects.toThrow(/removed/)
    expect(
      (await reconcileWebhooks(deps, { reason: "admin", force: true }))
        .results[0]!.action
    ).toBe("create")
    expect(shipping.tables.settings.rows.map((r) => r.key)).not.toContain(
      WEBHOOKS_REMOVED_SETTING
    )
  })
})

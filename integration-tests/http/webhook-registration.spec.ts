import { httpTestRunner } from "../helpers/runner"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import healWebhookRegistrations from "../../src/jobs/heal-webhook-registrations"
import registerAtInstall from "../../src/migration-scripts/shipping-services-register-webhooks"
import removeWebhooks from "../../src/scripts/remove-webhooks"
import { SHIPPING_SERVICES_MODULE } from "../../src/options/resolve"
import type ShippingServicesModuleService from "../../src/modules/shipping-services/service"
import { lastBootReconcile } from "../../src/orchestration/start-up/boot"
import { ensureWebhookRegistrations } from "../../src/orchestration/webhooks/webhook-registration"
import {
  WEBHOOKS_LAST_RUN_SETTING,
  WEBHOOKS_REMOVED_SETTING,
} from "../../src/modules/shipping-services/webhook-registration/records"
import { WEBHOOK_EVENTS } from "../../src/shipping-api/constants"
import { adminHeaders } from "../helpers/admin"
import { explainHttpErrors } from "../helpers/errors"
import { sandbox } from "../helpers/sandbox"
import { waitFor } from "../../dev/wait"
import { sandboxClient } from "../helpers/webhooks"

jest.setTimeout(600_000)

const ROUTES = {
  status: "/admin/shipping-services/webhooks",
  reRegister: "/admin/shipping-services/webhooks/re-register",
  rotate: "/admin/shipping-services/webhooks/rotate-key",
}

httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: { headers: Record<string, string> }
    const client = sandboxClient()
    const shipping = () =>
      getContainer().resolve<ShippingServicesModuleService>(
        SHIPPING_SERVICES_MODULE
      )
    const url = () =>
      `${shipping().getOptions().webhook.publicUrl}/hooks/shipping-services/tracking`
    /** This app's configurations at the sandbox (other test files' apps used the same URL). */
    const ours = async () =>
      (await client.listWebhookConfigs()).filter(
        (c) =>
          c.url === url() || c.name === shipping().getOptions().webhook.name
      )
    const creates = async () =>
      ((await sandbox.get("/stats")).requests?.createWebhookConfig ??
        0) as number
    const row = async () =>
      (await shipping().listWebhookRegistrations({ type: "tracking" }))[0]

    async function cleanSlate() {
      await sandbox.delete("/faults")
      for (const c of await ours())
        await client.deleteWebhookConfig(c.webHookConfigID)
      const rows = await shipping().listWebhookRegistrations({})
      if (rows.length)
        await shipping().deleteWebhookRegistrations(rows.map((r) => r.id))
      const settings = await shipping().listSettings({
        key: [WEBHOOKS_REMOVED_SETTING, WEBHOOKS_LAST_RUN_SETTING],
      })
      if (settings.length)
        await shipping().deleteSettings(settings.map((s) => s.id))
      shipping().keys().forget()
    }

    /** What Medusa does at every start: the module's onApplicationStart hook (then its background run). */
    async function boot() {
      await shipping().__hooks.onApplicationStart!()
      return lastBootReconcile()
    }

    const hook = (headers: Record<string, string>) =>
      api
        .post(
          "/hooks/shipping-services/tracking",
          [
            {
              trackingNumber: `ROTATE-${Math.random().toString(36).slice(2)}`,
              carrier: "POSTAL",
              status: "InTransit",
              packageStatus: "InTransit",
              eventDate: "2026-03-03",
              eventTime: "08:00:00",
            },
          ],
          { headers: { "content-type": "application/json", ...headers } }
        )
        .catch((e: any) => e.response)

    beforeAll(async () => {
      explainHttpErrors(api)
      admin = await adminHeaders(getContainer())
      // The app's own start registered already (in the background): let it finish.
      await lastBootReconcile()
    })

    afterEach(async () => {
      await sandbox.delete("/faults")
    })

    it("registered the tracking webhook when the app started", async () => {
      const r = await waitFor(
        async () => (await row())?.synced_at && (await row()),
        "boot registration"
      )
      const [config] = (await ours()).filter(
        (c) => c.webHookConfigID === r.config_id
      )
      expect(config).toMatchObject({
        type: "tracking",
        status: "active",
        url: url(),
      })
    })

    it("creates exactly one active tracking configuration at install, and none at the next start", async () => {
      await cleanSlate()
      const before = await creates()
      await registerAtInstall({ container: getContainer() })
      const configs = await ours()
      expect(configs).toHaveLength(1)
      const [config] = configs
      const stored = await row()
      expect(config).toMatchObject({
        name: "medusa-shipping-services",
        type: "tracking",
        url: url(),
        status: "active",
        timeOut: 10,
        authParams: {
          authType: "custom",
          headerName: "X-Shipping-Services-Key",
          apiKey: stored.api_key,
        },
      })
      expect([...config.events!].sort()).toEqual(
        [...WEBHOOK_EVENTS.tracking].sort()
      )
      expect(stored).toMatchObject({
        config_id: config.webHookConfigID,
        status: "active",
        last_error: null,
      })
      expect(stored.api_key.length).toBeGreaterThanOrEqual(43) // 32 random bytes, base64url
      expect(stored.synced_at).toBeTruthy()
      expect(await creates()).toBe(before + 1)

      const outcome = await boot()
      expect(outcome).toMatchObject({
        reason: "boot",
        ok: true,
        results: [{ type: "tracking", action: "none" }],
      })
      expect(await creates()).toBe(before + 1)
      expect((await ours()).map((c) => c.webHookConfigID)).toEqual([
        config.webHookConfigID,
      ])
      expect((await row()).api_key).toBe(stored.api_key)
    })

    it("creates one configuration when several runs start at once", async () => {
      await cleanSlate()
      const before = await creates()
      const container = getContainer()
      await Promise.all([
        registerAtInstall({ container }),
        boot(),
        ensureWebhookRegistrations(container, { reason: "a" }),
        ensureWebhookRegistrations(container, { reason: "b" }),
      ])
      await lastBootReconcile()
      expect(await ours()).toHaveLength(1)
      expect(await shipping().listWebhookRegistrations({})).toHaveLength(1)
      expect(await creates()).toBe(before + 1)
    })

    it("heals drift: a configuration changed, set in-active or deleted at the service, and extra copies", async () => {
      await cleanSlate()
      await ensureWebhookRegistrations(getContainer(), { reason: "setup" })
      const stored = await row()
      const id = stored.config_id!
      await client.updateWebhookConfig(id, {
        name: "medusa-shipping-services",
        type: "tracking",
        events: ["Delivered"],
        url: "https://elsewhere.example.com/hook",
        timeOut: 3,
        status: "in-active",
        authParams: {
          authType: "custom",
          headerName: "X-Other",
          apiKey: "not-our-key",
        },
      })
      await healWebhookRegistrations(getContainer())
      const healed = await client.getWebhookConfig(id)
      expect(healed).toMatchObject({
        url: url(),
        status: "active",
        timeOut: 10,
        authParams: {
          headerName: "X-Shipping-Services-Key",
          apiKey: stored.api_key,
        },
      })
      expect(healed.events).toHaveLength(WEBHOOK_EVENTS.tracking.length)

      // A copy left behind (e.g. by an earlier install) is deleted; a deleted configuration is created again.
      const copy = await client.createWebhookConfig({
        ...healedBody(),
        authParams: {
          authType: "custom",
          headerName: "X-Shipping-Services-Key",
          apiKey: "old",
        },
      })
      await healWebhookRegistrations(getContainer())
      expect((await ours()).map((c) => c.webHookConfigID)).toEqual([id])
      expect(copy.webHookConfigID).not.toBe(id)

      await client.deleteWebhookConfig(id)
      await healWebhookRegistrations(getContainer())
      const [again] = await ours()
      expect(again.webHookConfigID).not.toBe(id)
      expect((await row()).config_id).toBe(again.webHookConfigID)
      expect(again.authParams?.apiKey).toBe(stored.api_key)

      function healedBody() {
        return {
          name: "medusa-shipping-services",
          type: "tracking" as const,
          events: [...WEBHOOK_EVENTS.tracking],
          url: url(),
          timeOut: 10,
          status: "active" as const,
        }
      }
    })

    it("does not stop the start when the service is down, says why, and registers at the next job run", async () => {
      await cleanSlate()
      await sandbox.post("/faults", {
        operation: "listWebhookConfigs",
        fault: "503",
        count: 50,
      })
      const outcome = await boot()
      expect(outcome).toMatchObject({ ok: false, error: { status: 503 } })
      const { data } = await api.get(ROUTES.status, admin)
      expect(data.webhooks.last_run).toMatchObject({
        reason: "boot",
        ok: false,
        error: { status: 503 },
      })
      await sandbox.delete("/faults")
      expect(await ours()).toHaveLength(0)

      await healWebhookRegistrations(getContainer())
      expect(await ours()).toHaveLength(1)
      expect(
        (await api.get(ROUTES.status, admin)).data.webhooks.last_run
      ).toMatchObject({
        reason: "job",
        ok: true,
        actions: ["tracking: create"],
      })
    })

    it("shows the registration to admins, never a key, in no answer and no log", async () => {
      await cleanSlate()
      const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER)
      const lines: string[] = []
      const spies = (["info", "warn", "error", "debug", "log"] as const)
        .filter((m) => typeof (logger as any)[m] === "function")
        .map((m) =>
          jest
            .spyOn(logger as any, m)
            .mockImplementation(
              (...args: unknown[]) =>
                void lines.push(args.map(String).join(" "))
            )
        )
      try {
        const registered = await api.post(ROUTES.reRegister, {}, admin)
        expect(registered.status).toBe(200)
        const first = await row()
        const status = await api.get(ROUTES.status, admin)
        const rotated = await api.post(ROUTES.rotate, {}, admin)
        const second = await row()
        await healWebhookRegistrations(getContainer())
        await boot()
        const afterRotation = await api.get(ROUTES.status, admin)

        expect(status.data.webhooks).toMatchObject({
          enabled: true,
          public_url: shipping().getOptions().webhook.publicUrl,
          wanted_types: ["tracking"],
          blocked: null,
          removed_at: null,
        })
        expect(status.data.webhooks.registrations).toEqual([
          expect.objectContaining({
            type: "tracking",
            id: first.config_id,
            url: url(),
            status: "active",
            header_name: "X-Shipping-Services-Key",
            synced_at: expect.any(String),
            last_error: null,
          }),
        ])
        expect(status.data.webhooks.registrations[0].events).toHaveLength(
          WEBHOOK_EVENTS.tracking.length
        )
        expect(afterRotation.data.webhooks.registrations[0]).toMatchObject({
          key_rotated_at: expect.any(String),
          previous_key_accepted_until: expect.any(String),
        })
        const keys = [
          first.api_key,
          second.api_key,
          second.previous_api_key,
        ].filter(Boolean) as string[]
        expect(keys).toHaveLength(3)
        for (const body of [
          registered.data,
          status.data,
          rotated.data,
          afterRotation.data,
        ].map((d) => JSON.stringify(d))) {
          for (const key of keys) expect(body).not.toContain(key)
          expect(body).not.toMatch(/api_key|apiKey/)
        }
        expect(lines.join("\n")).toMatch(/tracking webhook registered/)
        for (const key of keys) expect(lines.join("\n")).not.toContain(key)
      } finally {
        spies.forEach((s) => s.mockRestore())
      }
    })

    it("rotates the key at the service and still accepts the previous key during the grace period", async () => {
      await cleanSlate()
      await api.post(ROUTES.reRegister, {}, admin)
      const before = await row()
      const res = await api.post(ROUTES.rotate, { type: "tracking" }, admin)
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({
        rotated: ["tracking"],
        result: {
          ok: true,
          results: [
            { type: "tracking", action: "update", differences: ["authParams"] },
          ],
        },
      })
      const after = await row()
      expect(after.api_key).not.toBe(before.api_key)
      expect(after.previous_api_key).toBe(before.api_key)
      const config = await client.getWebhookConfig(after.config_id!)
      expect(config.authParams?.apiKey).toBe(after.api_key)

      const header = "X-Shipping-Services-Key"
      expect((await hook({ [header]: after.api_key })).status).toBe(200)
      expect((await hook({ [header]: before.api_key })).status).toBe(200)
      expect((await hook({ [header]: "some-other-key" })).status).toBe(401)

      // After the grace period only the new key works.
      await shipping().updateWebhookRegistrations({
        id: after.id,
        key_rotated_at: new Date(Date.now() - 25 * 3_600_000),
      })
      shipping().keys().forget()
      expect((await hook({ [header]: before.api_key })).status).toBe(401)
      expect((await hook({ [header]: after.api_key })).status).toBe(200)
    })

    it("validates bodies and requires an admin", async () => {
      expect(
        (await api.get(ROUTES.status).catch((e: any) => e.response)).status
      ).toBe(401)
      expect(
        (await api.post(ROUTES.rotate, {}).catch((e: any) => e.response)).status
      ).toBe(401)
      expect(
        (
          await api
            .post(ROUTES.rotate, { type: "parcel" }, admin)
            .catch((e: any) => e.response)
        ).status
      ).toBe(400)
      expect(
        (
          await api
            .post(ROUTES.reRegister, { force: true }, admin)
            .catch((e: any) => e.response)
        ).status
      ).toBe(400)
      await cleanSlate()
      const nothing = await api
        .post(ROUTES.rotate, {}, admin)
        .catch((e: any) => e.response)
      expect(nothing.status).toBe(400)
      expect(nothing.data.message).toMatch(/re-register first/)
    })

    it("answers 502 with the service's reason when re-registering fails", async () => {
      await cleanSlate()
      await sandbox.post("/faults", {
        operation: "createWebhookConfig",
        fault: "500-before",
        count: 5,
      })
      const res = await api
        .post(ROUTES.reRegister, {}, admin)
        .catch((e: any) => e.response)
      expect(res.status).toBe(502)
      expect(res.data.message).toMatch(/could not register the webhook/)
      expect(res.data.webhooks.registrations[0].last_error).toMatchObject({
        status: 500,
        operation: "createWebhookConfig",
      })
    })

    it("removes the configurations and rows at uninstall; nothing registers again until an admin re-registers", async () => {
      await cleanSlate()
      await ensureWebhookRegistrations(getContainer(), { reason: "setup" })
      expect(await ours()).toHaveLength(1)
      await removeWebhooks({ container: getContainer() })
      expect(await ours()).toHaveLength(0)
      expect(await shipping().listWebhookRegistrations({})).toHaveLength(0)

      const outcome = await boot()
      expect(outcome?.skipped?.code).toBe("removed")
      await healWebhookRegistrations(getContainer())
      expect(await ours()).toHaveLength(0)
      const { data } = await api.get(ROUTES.status, admin)
      expect(data.webhooks.removed_at).toEqual(expect.any(String))

      const res = await api.post(ROUTES.reRegister, {}, admin)
      expect(res.status).toBe(200)
      expect(await ours()).toHaveLength(1)
      expect(res.data.webhooks.removed_at).toBeNull()
    })
  },
})

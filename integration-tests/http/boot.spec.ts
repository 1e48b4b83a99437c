import { httpTestRunner } from "../helpers/runner"
import { adminHeaders } from "../helpers/admin"

jest.setTimeout(600_000)

const PROVIDER_ID = "shipping-services_shipping-services"

httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    describe("the app with the plugin", () => {
      it("boots and answers /health", async () => {
        const res = await api.get("/health")
        expect(res.status).toBe(200)
      })

      it("lists the provider for a logged-in admin, next to the manual one", async () => {
        const auth = await adminHeaders(getContainer())
        const res = await api.get("/admin/fulfillment-providers", auth)
        const ids = res.data.fulfillment_providers.map(
          (p: { id: string }) => p.id
        )
        expect(ids).toEqual(
          expect.arrayContaining([PROVIDER_ID, "manual_manual"])
        )
      })

      it("answers the provider's fulfillment options", async () => {
        const auth = await adminHeaders(getContainer())
        const res = await api.get(
          `/admin/fulfillment-providers/${PROVIDER_ID}/options`,
          auth
        )
        expect(res.status).toBe(200)
        const options = res.data.fulfillment_options
        expect(options.map((o: { id: string }) => o.id)).toEqual(
          expect.arrayContaining([
            "postal-ground",
            "standard",
            "cross-border",
            "carrier-account",
            "postal-return",
          ])
        )
        expect(
          options.find((o: { id: string }) => o.id === "postal-return")
            .is_return
        ).toBe(true)
        expect(JSON.stringify(options)).not.toContain("sandbox-secret")
      })

      it("refuses the admin routes without a login", async () => {
        const res = await api
          .get("/admin/fulfillment-providers")
          .catch((e: any) => e.response)
        expect(res.status).toBe(401)
      })
    })
  },
})

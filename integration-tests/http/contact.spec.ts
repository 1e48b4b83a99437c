import { httpTestRunner } from "../helpers/runner"
import { setAppOptions } from "../helpers/store"
import { appPluginOptions } from "../../dev/app-options"
import { adminHeaders } from "../helpers/admin"
import { explainHttpErrors } from "../helpers/errors"
import { sandbox } from "../helpers/sandbox"
import { waitFor } from "../../dev/wait"

jest.setTimeout(600_000)

/**
 * This file's app: the development options with a sender contact of its own (idType DESK) and
 * no company in the options, so that the company follows the store's name. Set before the
 * runner loads medusa-config, restored after.
 */
const CONTACT_ID = "store-contact"
const restoreOptions = setAppOptions({
  ...appPluginOptions(process.env),
  contact: { contactId: CONTACT_ID, idType: "DESK", name: "Shipping Desk" },
})

const ROUTE = "/admin/shipping-services/contact"

type SandboxContact = {
  contactId: string
  name: string
  company?: string
  idType?: string
}

httpTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: { headers: Record<string, string> }
    const atSandbox = async () =>
      (await sandbox.get<SandboxContact[]>("/contacts")).find(
        (c) => c.contactId === CONTACT_ID
      )!
    /** Puts the contact at the sandbox as given (the control API replaces it whole). */
    const putAtSandbox = (c: Partial<SandboxContact>) =>
      sandbox.post("/contacts", {
        contactId: CONTACT_ID,
        idType: "DESK",
        name: "Shipping Desk",
        ...c,
      })
    const patches = async () =>
      ((await sandbox.get("/stats")).requests?.updateContact ?? 0) as number

    beforeAll(async () => {
      explainHttpErrors(api)
      admin = await adminHeaders(getContainer())
    })

    afterAll(() => {
      restoreOptions()
    })

    beforeEach(async () => {
      await sandbox.delete("/faults")
      await putAtSandbox({ company: "Set Elsewhere" })
    })

    it("shows the contact from the options before any update", async () => {
      const { data } = await api.get(ROUTE, admin)
      expect(data.contact).toEqual({
        contact_id: CONTACT_ID,
        id_type: "DESK",
        name: "Shipping Desk",
        company: null,
        source: "options",
        company_follows_store: true,
        synced_at: null,
      })
    })

    it("sends only the fields that changed (doc 3 partial update) and saves the answer", async () => {
      const first = await api.post(ROUTE, { name: "Front Desk" }, admin)
      expect(first.data).toMatchObject({
        changed: true,
        sent: { name: "Front Desk" },
        contact: {
          name: "Front Desk",
          source: "saved",
          synced_at: expect.any(String),
        },
      })
      // The company was not sent: what the service had stays.
      expect(await atSandbox()).toMatchObject({
        name: "Front Desk",
        company: "Set Elsewhere",
      })

      // Someone renames the contact at the service; the name saved here did not change, so it is not sent.
      await putAtSandbox({
        name: "Renamed Elsewhere",
        company: "Set Elsewhere",
      })
      const second = await api.post(
        ROUTE,
        { name: "Front Desk", company: "Acme Goods" },
        admin
      )
      expect(second.data).toMatchObject({
        changed: true,
        sent: { company: "Acme Goods" },
      })
      expect(await atSandbox()).toMatchObject({
        name: "Renamed Elsewhere",
        company: "Acme Goods",
      })
      // What is saved is the service's answer: the whole contact as it is there now.
      expect(second.data.contact).toMatchObject({
        name: "Renamed Elsewhere",
        company: "Acme Goods",
      })

      const before = await patches()
      const same = await api.post(
        ROUTE,
        { name: " Renamed Elsewhere ", company: "Acme Goods" },
        admin
      )
      expect(same.data).toMatchObject({ changed: false, sent: {} })
      expect(await patches()).toBe(before)
      expect((await api.get(ROUTE, admin)).data.contact).toMatchObject({
        name: "Renamed Elsewhere",
        company: "Acme Goods",
        source: "saved",
      })
    })

    it("puts the service's refusals in words: a duplicate name (400), an unknown contact (404), an outage (502)", async () => {
      await sandbox.post("/contacts", {
        contactId: "someone-else",
        name: "Taken Name",
      })
      const duplicate = await api
        .post(ROUTE, { name: "Taken Name" }, admin)
        .catch((e: any) => e.response)
      expect(duplicate.status).toBe(400)
      expect(duplicate.data).toMatchObject({
        type: "invalid_data",
        code: expect.any(String),
      })
      expect(duplicate.data.message).toMatch(
        /refused the contact update: .*Taken Name.*already exists/
      )

      await putAtSandbox({ idType: "SOMEONE-ELSE" })
      const unknown = await api
        .post(ROUTE, { name: "Anyone" }, admin)
        .catch((e: any) => e.response)
      expect(unknown.status).toBe(404)
      expect(unknown.data).toMatchObject({
        type: "not_found",
        code: "not_found",
      })
      expect(unknown.data.message).toMatch(
        /has no contact store-contact with idType DESK: check contact.contactId and contact.idType/
      )

      await putAtSandbox({})
      await sandbox.post("/faults", {
        operation: "updateContact",
        fault: "503",
        count: 5,
      })
      const down = await api
        .post(ROUTE, { name: "Anyone" }, admin)
        .catch((e: any) => e.response)
      expect(down.status).toBe(502)
      expect(down.data.message).toMatch(/could not update the contact/)
      // Nothing was saved by the failures.
      expect((await api.get(ROUTE, admin)).data.contact).toMatchObject({
        name: "Shipping Desk",
        source: "options",
      })
    })

    it("validates the body and requires an admin", async () => {
      const bad = async (body: unknown) =>
        (await api.post(ROUTE, body, admin).catch((e: any) => e.response))
          .status
      expect(await bad({})).toBe(400)
      expect(await bad({ name: "" })).toBe(400)
      expect(await bad({ name: "x".repeat(101) })).toBe(400)
      expect(await bad({ email: "a@b.c" })).toBe(400)
      expect((await api.get(ROUTE).catch((e: any) => e.response)).status).toBe(
        401
      )
    })

    it("sends a new store name as the sender company (the options pin no company), and nothing else", async () => {
      const { data } = await api.get("/admin/stores", admin)
      const storeId = data.stores[0].id
      await api.post(
        `/admin/stores/${storeId}`,
        { name: "Renamed Store" },
        admin
      )
      await waitFor(
        async () => (await atSandbox()).company === "Renamed Store",
        "company renamed at the service"
      )
      expect(await atSandbox()).toMatchObject({
        name: "Shipping Desk",
        company: "Renamed Store",
      })
      await waitFor(
        async () =>
          (await api.get(ROUTE, admin)).data.contact.company ===
          "Renamed Store",
        "saved"
      )

      // A store update that leaves the name as it is sends nothing.
      const before = await patches()
      await api.post(
        `/admin/stores/${storeId}`,
        { name: "Renamed Store", metadata: { touched: true } },
        admin
      )
      await new Promise((r) => setTimeout(r, 1500))
      expect(await patches()).toBe(before)
    })
  },
})

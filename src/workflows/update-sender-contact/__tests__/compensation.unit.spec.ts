import {
  restoreSetting,
  writeSettingKeepingPrevious,
} from "../../../modules/shipping-services/settings"
import { contactRevert } from "../steps/update-contact-at-service"

function settings(initial: Record<string, Record<string, unknown>> = {}) {
  let rows = Object.entries(initial).map(([key, value], i) => ({
    id: `set_${i}`,
    key,
    value,
  }))
  return {
    rows: () => rows,
    listSettings: jest.fn(async ({ key }: { key: string }) =>
      rows.filter((r) => r.key === key)
    ),
    createSettings: jest.fn(
      async ({ key, value }: { key: string; value: Record<string, unknown> }) =>
        void rows.push({ id: `set_${rows.length + 9}`, key, value })
    ),
    updateSettings: jest.fn(
      async ({ id, value }: { id: string; value: Record<string, unknown> }) =>
        void rows.forEach((r) => r.id === id && (r.value = value))
    ),
    deleteSettings: jest.fn(
      async (ids: string[]) =>
        void (rows = rows.filter((r) => !ids.includes(r.id)))
    ),
  }
}

describe("contact update compensation", () => {
  it("gives the contact setting its previous value back", async () => {
    const s = settings({ contact: { contactId: "c1", name: "Old" } })
    const previous = await writeSettingKeepingPrevious(s as never, "contact", {
      contactId: "c1",
      name: "New",
    })
    expect(s.rows()[0].value).toEqual({ contactId: "c1", name: "New" })
    await restoreSetting(s as never, previous)
    expect(s.rows()).toEqual([
      { id: "set_0", key: "contact", value: { contactId: "c1", name: "Old" } },
    ])
  })

  it("deletes a setting that did not exist before", async () => {
    const s = settings()
    const previous = await writeSettingKeepingPrevious(s as never, "contact", {
      contactId: "c1",
    })
    expect(s.rows()).toHaveLength(1)
    await restoreSetting(s as never, previous)
    expect(s.rows()).toEqual([])
  })

  it("sends back the previous value of each field sent that had one", () => {
    expect(
      contactRevert(
        { name: "Ann", company: null },
        { name: "Bob", company: "Shop" }
      )
    ).toEqual({ name: "Ann" })
    expect(contactRevert({ name: "Ann", company: "Old" }, {})).toEqual({})
  })
})

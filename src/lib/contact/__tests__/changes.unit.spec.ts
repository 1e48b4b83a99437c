import {
  companyFollowsStore,
  contactChanges,
  currentContact,
  savedAfterUpdate,
} from "../changes"

const options = {
  contactId: "c-1",
  name: "Shipping Desk",
  company: "Demo Store",
}

describe("the sender contact and its partial update (doc 3)", () => {
  it("starts from the options, then from what the last update saved", () => {
    expect(currentContact(undefined, undefined)).toBeUndefined()
    expect(currentContact(options, undefined)).toMatchObject({
      contact_id: "c-1",
      name: "Shipping Desk",
      company: "Demo Store",
      source: "options",
      synced_at: null,
    })
    const saved = {
      contactId: "c-1",
      idType: null,
      name: "Front Desk",
      company: "Demo Store",
      synced_at: "2026-03-10T10:00:00.000Z",
      sent: ["name"],
    }
    expect(currentContact(options, saved)).toMatchObject({
      name: "Front Desk",
      source: "saved",
      synced_at: "2026-03-10T10:00:00.000Z",
    })
  })

  it("ignores what was saved for another contact (options changed since)", () => {
    const saved = {
      contactId: "c-OLD",
      idType: null,
      name: "Old",
      company: "Old Co",
      synced_at: "x",
      sent: [],
    }
    expect(currentContact(options, saved)).toMatchObject({
      contact_id: "c-1",
      name: "Shipping Desk",
      source: "options",
    })
    expect(
      currentContact(
        { ...options, idType: "EMP" },
        { ...saved, contactId: "c-1" }
      )?.source
    ).toBe("options")
  })

  it("sends only the fields that differ", () => {
    const current = { name: "Shipping Desk", company: "Demo Store" }
    expect(
      contactChanges(current, { name: "Front Desk", company: "Demo Store" })
    ).toEqual({ name: "Front Desk" })
    expect(contactChanges(current, { company: " Demo Store Inc. " })).toEqual({
      company: "Demo Store Inc.",
    })
    expect(contactChanges(current, { name: "Shipping Desk" })).toEqual({})
    expect(
      contactChanges({ name: null, company: null }, { name: "A" })
    ).toEqual({ name: "A" })
  })

  it("saves the service's answer over what was sent", () => {
    const current = currentContact(options, undefined)!
    const saved = savedAfterUpdate(
      current,
      { name: "Front Desk" },
      { name: "FRONT DESK", company: "Demo Store" },
      new Date("2026-03-10T12:00:00Z")
    )
    expect(saved).toEqual({
      contactId: "c-1",
      idType: null,
      name: "FRONT DESK",
      company: "Demo Store",
      synced_at: "2026-03-10T12:00:00.000Z",
      sent: ["name"],
    })
  })

  it("lets the company follow the store's name unless the options pin one", () => {
    expect(companyFollowsStore(options)).toBe(false)
    expect(companyFollowsStore({ contactId: "c-1" })).toBe(true)
    expect(companyFollowsStore({ contactId: "c-1", company: " " })).toBe(true)
    expect(companyFollowsStore(undefined)).toBe(false)
  })
})

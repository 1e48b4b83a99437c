import { parseServiceError } from "../error"
import { contactResponseSchema, contactUpdateSchema } from "../contact"

describe("contact update (doc 3)", () => {
  it("accepts name, company or both", () => {
    expect(contactUpdateSchema.parse({ name: "Ann" })).toEqual({ name: "Ann" })
    expect(contactUpdateSchema.parse({ company: "Shop" })).toEqual({
      company: "Shop",
    })
    expect(contactUpdateSchema.parse({ name: "Ann", company: "Shop" })).toEqual(
      { name: "Ann", company: "Shop" }
    )
  })

  it("refuses an empty body, unknown fields and non-strings", () => {
    expect(contactUpdateSchema.safeParse({}).success).toBe(false)
    expect(
      contactUpdateSchema.safeParse({ name: "Ann", email: "a@b.c" }).success
    ).toBe(false)
    expect(contactUpdateSchema.safeParse({ name: 1 }).success).toBe(false)
  })

  it("reads the success answer of doc 4, keeping other contact fields", () => {
    const r = contactResponseSchema.parse({
      contactId: "c-1",
      name: "Ann",
      company: null,
      phone: "555",
    })
    expect(r).toEqual({
      contactId: "c-1",
      name: "Ann",
      company: undefined,
      phone: "555",
    })
    expect(contactResponseSchema.safeParse({ name: "Ann" }).success).toBe(false)
  })

  it("has its 400/404 and 401/500 bodies read by parseServiceError", () => {
    const notFound = {
      errorCode: "not_found",
      errorDescription: "no contact c-9",
      additionalCode: "",
      additionalInfo: "",
      additionalParameters: [],
    }
    expect(parseServiceError(404, notFound)).toMatchObject({
      codes: ["not_found"],
      messages: ["no contact c-9"],
    })
    expect(
      parseServiceError(401, { message: "Missing credentials" })
    ).toMatchObject({ codes: [], messages: ["Missing credentials"] })
  })
})

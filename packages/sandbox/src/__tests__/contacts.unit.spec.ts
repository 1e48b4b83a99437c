import type { SandboxHandle } from ".."
import { call, sandbox, tokenFor } from "./helpers"

let sb: SandboxHandle
let token: string
beforeAll(async () => {
  sb = await sandbox()
  sb.control.addContact({
    contactId: "other",
    name: "Returns Desk",
    company: "Demo Store",
  })
  token = await tokenFor(sb)
})
afterAll(() => sb.close())

const patch = (id: string, body: unknown, query = "") =>
  call(sb, token, "PATCH", `/api/v1/contact/${id}${query}`, { body })

describe("contact update (doc 3)", () => {
  it("changes only the supplied fields", async () => {
    const res = await patch("sandbox-contact", { company: "New Co" })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      contactId: "sandbox-contact",
      name: "Shipping Desk",
      company: "New Co",
    })
    const again = await patch(
      "sandbox-contact",
      { name: "Dispatch" },
      "?idType=SANDBOX"
    )
    expect(again.body).toMatchObject({ name: "Dispatch", company: "New Co" })
  })

  it("answers doc 3's error objects", async () => {
    const empty = await patch("sandbox-contact", {})
    expect(empty.status).toBe(400)
    expect(empty.body).toEqual({
      errorCode: "validation_error",
      errorDescription: expect.any(String),
      additionalCode: expect.any(String),
      additionalInfo: expect.any(String),
      additionalParameters: expect.any(Array),
    })
    const unknown = await patch("sandbox-contact", { name: "x", nickname: "y" })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errorCode).toBe("validation_error")
    const duplicate = await patch("sandbox-contact", { name: "Returns Desk" })
    expect(duplicate.status).toBe(400)
    expect(duplicate.body).toMatchObject({
      errorCode: "validation_error",
      additionalCode: "DUPLICATE_CONTACT",
      additionalParameters: ["name"],
    })
    const missing = await patch("nobody", { name: "x" })
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({
      errorCode: "not_found",
      errorDescription: expect.stringContaining("nobody"),
    })
    expect(
      (await patch("sandbox-contact", { name: "x" }, "?idType=OTHER")).status
    ).toBe(404)
    const boom = await call(
      sb,
      token,
      "PATCH",
      "/api/v1/contact/sandbox-contact",
      { body: { name: "z" }, headers: { "X-Sandbox-Fault": "500-before" } }
    )
    expect(boom.status).toBe(500)
    expect(boom.body).toEqual({ message: expect.any(String) })
  })
})

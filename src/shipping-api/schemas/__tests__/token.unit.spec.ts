import { tokenResponseSchema, toAccessToken } from "../token"

describe("token response (doc 4)", () => {
  it("accepts expiresIn as a number or a numeric string, token_type optional, extra fields kept", () => {
    const a = tokenResponseSchema.parse({ access_token: "t", expiresIn: 3600 })
    const b = tokenResponseSchema.parse({
      access_token: "t",
      expiresIn: "36000",
      token_type: "Bearer",
      issuedAt: 1,
    })
    expect(toAccessToken(a)).toEqual({
      accessToken: "t",
      expiresInMs: 3_600_000,
    })
    expect(toAccessToken(b).expiresInMs).toBe(36_000_000)
    expect(b).toHaveProperty("issuedAt", 1)
  })

  it.each([
    [{ expiresIn: 10 }],
    [{ access_token: "", expiresIn: 10 }],
    [{ access_token: "t" }],
    [{ access_token: "t", expiresIn: "soon" }],
    [{ access_token: "t", expiresIn: 0 }],
  ])("refuses %j", (body) => {
    expect(tokenResponseSchema.safeParse(body).success).toBe(false)
  })
})

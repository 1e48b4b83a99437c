import {
  parseJsonBytes,
  refuseContentType,
  refuseDeclaredLength,
  WEBHOOK_BODY_LIMIT,
} from "../json-body"
import { isConnectionError, isInputError } from "../db-errors"

describe("webhook body: content type", () => {
  it.each([
    ["application/json"],
    ["application/json; charset=utf-8"],
    ["Application/JSON;charset=UTF8"],
    ['application/json; charset="utf-8"'],
  ])("takes %s", (ct) => {
    expect(refuseContentType(ct)).toBeNull()
  })

  it.each([
    [undefined, "none"],
    ["application/x-www-form-urlencoded", "form"],
    ["text/plain", "text"],
    ["text/json", "text/json"],
    ["application/json-patch+json", "+json"],
    ["multipart/form-data; boundary=x", "multipart"],
    ["application/json; charset=utf-16", "utf-16"],
    ["application/json; charset=latin1", "latin1"],
  ])("refuses %s with 415", (ct) => {
    expect(refuseContentType(ct)?.status).toBe(415)
  })

  it("refuses a content coding (gzip) with 415 and takes identity", () => {
    expect(refuseContentType("application/json", "gzip")?.status).toBe(415)
    expect(refuseContentType("application/json", "identity")).toBeNull()
  })

  it("refuses a declared length over the limit before reading", () => {
    expect(refuseDeclaredLength(String(WEBHOOK_BODY_LIMIT + 1))?.status).toBe(
      413
    )
    expect(refuseDeclaredLength(String(WEBHOOK_BODY_LIMIT))).toBeNull()
    expect(refuseDeclaredLength(undefined)).toBeNull()
  })
})

describe("webhook body: bytes to JSON", () => {
  const bytes = (s: string) => new TextEncoder().encode(s)

  it("parses UTF-8 JSON, with or without a byte order mark", () => {
    expect(parseJsonBytes(bytes('[{"a":"ü"}]'))).toEqual({
      ok: true,
      value: [{ a: "ü" }],
    })
    expect(parseJsonBytes(bytes('\ufeff{"a":1}'))).toEqual({
      ok: true,
      value: { a: 1 },
    })
  })

  it("refuses bytes that are not UTF-8, and text that is not JSON, with 400", () => {
    expect(parseJsonBytes(Uint8Array.from([0x7b, 0xff, 0x7d]))).toMatchObject({
      ok: false,
      status: 400,
      message: "The body is not valid UTF-8",
    })
    expect(parseJsonBytes(bytes("{not json"))).toMatchObject({
      ok: false,
      status: 400,
    })
    expect(parseJsonBytes(bytes(""))).toMatchObject({ ok: false, status: 400 })
  })

  it("parses nesting of any depth without overflowing the stack (the rules refuse it later)", () => {
    const deep = "[".repeat(500_000) + "]".repeat(500_000)
    expect(parseJsonBytes(bytes(deep)).ok).toBe(true)
  })
})

describe("database errors: whose fault", () => {
  it("calls data exceptions, integrity violations and limits the input's fault", () => {
    for (const code of ["22021", "22P02", "22P05", "22007", "23502", "54000"])
      expect(isInputError({ code })).toBe(true)
    for (const code of ["57P01", "08006", "40P01", "ECONNREFUSED", undefined])
      expect(isInputError({ code })).toBe(false)
    expect(isInputError(new Error("plain"))).toBe(false)
  })

  it("recognises an unreachable database", () => {
    expect(
      isConnectionError(
        Object.assign(new Error("connect ECONNREFUSED"), {
          code: "ECONNREFUSED",
        })
      )
    ).toBe(true)
    expect(isConnectionError({ code: "57P01" })).toBe(true)
    expect(isConnectionError({ code: "08006" })).toBe(true)
    expect(
      isConnectionError(
        Object.assign(
          new Error(
            "Knex: Timeout acquiring a connection. The pool is probably full."
          ),
          { name: "KnexTimeoutError" }
        )
      )
    ).toBe(true)
    expect(
      isConnectionError(new Error("Connection terminated unexpectedly"))
    ).toBe(true)
    expect(isConnectionError({ code: "22021" })).toBe(false)
    expect(isConnectionError(new Error("deadlock detected"))).toBe(false)
  })
})

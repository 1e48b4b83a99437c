import { parseServiceError } from "../error"

/** Golden bodies: one per error shape of doc 4 "Error bodies", doc 1 "Error object", doc 3 "Errors". */
const GOLDEN = {
  standard: {
    errors: [
      {
        errorCode: "PB-ADDRESS-INVALID",
        errorDescription: "toAddress.postalCode is not valid",
        additionalInfo: "doc 2, Address",
        parameters: ["toAddress.postalCode"],
      },
      {
        errorCode: "PB-WEIGHT",
        errorDescription: "parcel.weight.weight is required",
      },
    ],
  },
  bareArray: [
    {
      errorCode: "1001",
      message: "Invalid service",
      additionalInfo: "lane",
      parameters: ["rates[0].serviceId"],
    },
  ],
  statusError: {
    status: "ERROR",
    errors: [
      {
        errorCode: "SHIPMENT_NOT_FOUND",
        errorDescription: "no shipment with that id",
      },
    ],
  },
  keyMessage: [
    { key: "errors.invalid.carrier", message: "carrier is not supported" },
    { key: "errors.invalid.service", message: "service is not supported" },
  ],
  doc1: { message: "Unauthorized", code: "unauthorized" },
  doc3Contact: {
    errorCode: "validation_error",
    errorDescription: "a contact with that name already exists",
    additionalCode: "DUPLICATE_CONTACT",
    additionalInfo: "contacts must be unique",
    additionalParameters: ["name"],
  },
  doc3Message: { message: "Unexpected server condition" },
} as const

describe("parseServiceError", () => {
  it("reads the standard error object (doc 4, unified structure)", () => {
    const e = parseServiceError(400, GOLDEN.standard)
    expect(e.codes).toEqual(["PB-ADDRESS-INVALID", "PB-WEIGHT"])
    expect(e.messages).toEqual([
      "toAddress.postalCode is not valid",
      "parcel.weight.weight is required",
    ])
    expect(e.entries[0]).toEqual({
      code: "PB-ADDRESS-INVALID",
      message: "toAddress.postalCode is not valid",
      field: "toAddress.postalCode",
      additionalInfo: "doc 2, Address",
    })
    expect(e.entries[1].field).toBeUndefined()
  })

  it("reads the older bare array of { errorCode, message }", () => {
    const e = parseServiceError(400, GOLDEN.bareArray)
    expect(e).toEqual({
      codes: ["1001"],
      messages: ["Invalid service"],
      entries: [
        {
          code: "1001",
          message: "Invalid service",
          field: "rates[0].serviceId",
          additionalInfo: "lane",
        },
      ],
    })
  })

  it('reads { status: "ERROR", errors: [...] }', () => {
    const e = parseServiceError(404, GOLDEN.statusError)
    expect(e.codes).toEqual(["SHIPMENT_NOT_FOUND"])
    expect(e.messages).toEqual(["no shipment with that id"])
  })

  it("reads [{ key, message }], the key as the code", () => {
    const e = parseServiceError(400, GOLDEN.keyMessage)
    expect(e.codes).toEqual([
      "errors.invalid.carrier",
      "errors.invalid.service",
    ])
    expect(e.messages).toEqual([
      "carrier is not supported",
      "service is not supported",
    ])
  })

  it("reads doc 1's { message, code }", () => {
    expect(parseServiceError(401, GOLDEN.doc1)).toEqual({
      codes: ["unauthorized"],
      messages: ["Unauthorized"],
      entries: [{ code: "unauthorized", message: "Unauthorized" }],
    })
  })

  it("reads doc 3's contact error (400/404)", () => {
    const e = parseServiceError(400, GOLDEN.doc3Contact)
    expect(e.codes).toEqual(["validation_error"])
    expect(e.messages).toEqual(["a contact with that name already exists"])
    expect(e.entries[0]).toMatchObject({
      field: "name",
      additionalInfo: "contacts must be unique",
    })
  })

  it("reads doc 3's { message } (401/500)", () => {
    const e = parseServiceError(500, GOLDEN.doc3Message)
    expect(e).toEqual({
      codes: [],
      messages: ["Unexpected server condition"],
      entries: [{ message: "Unexpected server condition" }],
    })
  })

  it("accepts the body as JSON text", () => {
    expect(
      parseServiceError(400, JSON.stringify(GOLDEN.standard)).codes
    ).toEqual(["PB-ADDRESS-INVALID", "PB-WEIGHT"])
  })

  it("keeps words for bodies it does not know: text (shortened), empty, unknown JSON", () => {
    const html = `<html>${"x".repeat(1000)}</html>`
    expect(parseServiceError(502, html).messages[0]).toHaveLength(300)
    expect(parseServiceError(503, undefined)).toEqual({
      codes: [],
      messages: ["HTTP 503 without an error body"],
      entries: [{ message: "HTTP 503 without an error body" }],
    })
    expect(parseServiceError(500, { unexpected: true }).messages).toEqual([
      "HTTP 500 without an error body",
    ])
    expect(parseServiceError(500, [1, 2]).messages).toEqual([
      "HTTP 500 without an error body",
    ])
  })

  it("tolerates nulls and unknown fields in entries", () => {
    const e = parseServiceError(400, {
      errors: [{ errorCode: "X", errorDescription: null, extra: 1 }],
    })
    expect(e.entries).toEqual([{ code: "X", message: "X" }])
  })
})

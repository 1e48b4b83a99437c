import {
  errorForStatus,
  ShippingApiError,
  ShippingAuthenticationError,
  ShippingBadRequestError,
  ShippingForbiddenError,
  ShippingNetworkError,
  ShippingNotFoundError,
  ShippingOutcomeUnknownError,
  ShippingRateLimitedError,
  ShippingServerError,
  ShippingUnavailableError,
  ShippingValidationError,
  isServiceAway,
} from "../../errors"
import { parseServiceError } from "../../schemas/error"

describe("error classes", () => {
  it.each([
    [400, ShippingBadRequestError],
    [401, ShippingAuthenticationError],
    [403, ShippingForbiddenError],
    [404, ShippingNotFoundError],
    [422, ShippingBadRequestError],
    [429, ShippingRateLimitedError],
    [500, ShippingServerError],
    [503, ShippingUnavailableError],
    [504, ShippingServerError],
  ])("HTTP %i is %p", (status, type) => {
    const e = errorForStatus(
      status,
      parseServiceError(status, {
        errors: [{ errorCode: "C", errorDescription: "words" }],
      }),
      {
        operation: "op",
        transactionId: "T1",
      }
    )
    expect(e).toBeInstanceOf(type)
    expect(e).toBeInstanceOf(ShippingApiError)
    expect(e).toMatchObject({
      status,
      codes: ["C"],
      messages: ["words"],
      operation: "op",
      transactionId: "T1",
      name: (type as { name: string }).name,
    })
    expect(e.message).toMatch(/^op: /)
    expect(e.message).toContain(`(HTTP ${status}): words [transaction T1]`)
  })

  it("serializes to its safe fields", () => {
    const e = new ShippingRateLimitedError({
      operation: "op",
      status: 429,
      retryAfterMs: 5000,
      codes: ["T"],
      messages: ["slow"],
    })
    expect(JSON.parse(JSON.stringify(e))).toEqual({
      name: "ShippingRateLimitedError",
      message: e.message,
      operation: "op",
      status: 429,
      codes: ["T"],
      messages: ["slow"],
      retryAfterMs: 5000,
    })
  })

  it("validation errors list their violations and were never sent", () => {
    const e = new ShippingValidationError({
      operation: "createWebhookConfig",
      violations: [
        {
          path: "name",
          rule: "webhook-config.name.max-length",
          message: "has at most 50 characters",
          source: "doc 1",
        },
      ],
    })
    expect(e.status).toBe(0)
    expect(e.codes).toEqual(["webhook-config.name.max-length"])
    expect(e.message).toContain("request not sent")
    expect(e.message).toContain(
      "name: has at most 50 characters [webhook-config.name.max-length; doc 1]"
    )
    expect(JSON.parse(JSON.stringify(e)).violations).toHaveLength(1)
  })

  it("network and outcome-unknown errors say what happened", () => {
    expect(
      new ShippingNetworkError({ operation: "op", timedOut: true }).message
    ).toBe("op: no answer within the timeout")
    const unknown = new ShippingOutcomeUnknownError({
      operation: "createShipment",
      transactionId: "T9",
    })
    expect(unknown.transactionId).toBe("T9")
    expect(unknown.message).toMatch(
      /^createShipment: outcome unknown for transaction T9/
    )
  })
})

describe("isServiceAway: not answering, against refusing", () => {
  const status = (n: number) =>
    errorForStatus(n, parseServiceError(n, { errors: [] }), { operation: "op" })
  it.each([500, 502, 503, 504, 429])("HTTP %i: the service is away", (n) =>
    expect(isServiceAway(status(n))).toBe(true)
  )
  it.each([400, 401, 403, 404, 409, 422])("HTTP %i: a refusal", (n) =>
    expect(isServiceAway(status(n))).toBe(false)
  )
  it("no answer (timeout, connection refused) and an unknown create outcome are away", () => {
    expect(
      isServiceAway(
        new ShippingNetworkError({ operation: "op", timedOut: true })
      )
    ).toBe(true)
    expect(
      isServiceAway(
        new ShippingNetworkError({ operation: "op", timedOut: false })
      )
    ).toBe(true)
    expect(
      isServiceAway(
        new ShippingOutcomeUnknownError({
          operation: "createShipment",
          transactionId: "T1",
        })
      )
    ).toBe(true)
  })
  it("a broken rule and anything that is not the service's error are not", () => {
    expect(
      isServiceAway(
        new ShippingValidationError({ operation: "op", violations: [] })
      )
    ).toBe(false)
    expect(isServiceAway(new Error("ECONNREFUSED"))).toBe(false)
    expect(isServiceAway(undefined)).toBe(false)
  })
})

import { MedusaError, serializeError } from "@medusajs/framework/utils"
import {
  isMedusaRefusal,
  serviceErrorOf,
  ShippingActionError,
  shippingActionErrorFrom,
} from "../action-error"
import {
  ShippingApiError,
  ShippingBadRequestError,
} from "../../shipping-api/errors"

describe("action errors across a workflow run", () => {
  it("rebuilds a ShippingActionError a step threw (serialized by the run) with its words and status", () => {
    const thrown = serializeError(
      new ShippingActionError(
        "Label X cannot be voided: shipped.",
        409,
        "conflict"
      )
    )
    const rebuilt = shippingActionErrorFrom(thrown)
    expect(rebuilt).toBeInstanceOf(ShippingActionError)
    expect(rebuilt).toMatchObject({
      message: "Label X cannot be voided: shipped.",
      status: 409,
      type: "conflict",
    })
  })

  it("leaves other errors to the usual wording", () => {
    expect(
      shippingActionErrorFrom(
        serializeError(new MedusaError(MedusaError.Types.NOT_ALLOWED, "no"))
      )
    ).toBeNull()
    expect(
      shippingActionErrorFrom({
        name: "ShippingActionError",
        message: "x",
        status: 500,
        type: "conflict",
      })
    ).toBeNull()
  })

  it("tells Medusa's refusals, and their serialized copies, from other errors", () => {
    const notAllowed = new MedusaError(MedusaError.Types.NOT_ALLOWED, "no")
    expect(isMedusaRefusal(notAllowed)).toBe(true)
    expect(isMedusaRefusal(serializeError(notAllowed))).toBe(true)
    expect(
      isMedusaRefusal(
        serializeError(new MedusaError(MedusaError.Types.NOT_FOUND, "gone"))
      )
    ).toBe(true)
    expect(
      isMedusaRefusal(
        new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "broken")
      )
    ).toBe(false)
    expect(isMedusaRefusal(new Error("bug"))).toBe(false)
    expect(isMedusaRefusal(null)).toBe(false)
  })
})

describe("a step's call to the service that threw", () => {
  it("is a refusal in the service's words (Medusa's 400) or a failure (the admin's 502)", () => {
    const refused = serviceErrorOf(
      new ShippingBadRequestError({
        operation: "voidShipment",
        status: 400,
        messages: ["no more"],
      }),
      "Label X was not voided"
    )
    expect(refused).toBeInstanceOf(MedusaError)
    expect(refused).toMatchObject({
      type: MedusaError.Types.INVALID_DATA,
      message: "Label X was not voided: no more",
    })
    expect(
      serviceErrorOf(
        new ShippingApiError("503", { operation: "voidShipment", status: 503 }),
        "What"
      )
    ).toMatchObject({ status: 502, type: "shipping_service_error" })
    // A workflow run's copy of a step's MedusaError keeps its type (Medusa's status) in these words.
    const copy = serviceErrorOf(
      serializeError(
        new MedusaError(MedusaError.Types.INVALID_DATA, "refused")
      ),
      "The return label was not bought"
    )
    expect(copy).toBeInstanceOf(MedusaError)
    expect(copy).toMatchObject({
      type: MedusaError.Types.INVALID_DATA,
      message: "The return label was not bought: refused",
    })
    expect(
      serviceErrorOf(
        serializeError(
          new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "not answering")
        ),
        "What"
      )
    ).toMatchObject({ status: 502, type: "shipping_service_error" })
  })
})

import { MedusaError, serializeError } from "@medusajs/framework/utils"
import {
  actionErrorOf,
  ShippingActionError,
  shippingActionErrorFrom,
} from "../action-error"

describe("action errors across a workflow run", () => {
  it("rebuilds a ShippingActionError a step threw (serialized by the run) with its words and status", () => {
    const thrown = serializeError(
      new ShippingActionError(
        "Label X cannot be voided: shipped.",
        409,
        "conflict"
      )
    )
    const rebuilt = actionErrorOf(thrown, "Label X was not voided")
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
    expect(
      actionErrorOf(
        serializeError(new MedusaError(MedusaError.Types.NOT_ALLOWED, "no")),
        "What"
      )
    ).toMatchObject({ message: "What: no", status: 400 })
  })
})

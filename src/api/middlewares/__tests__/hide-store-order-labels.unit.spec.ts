let releaseLimitsFields = false
jest.mock("../../../lib/medusa-release", () => ({
  medusaCan: (ability: string) =>
    ability === "limitsStoreOrderFields" && releaseLimitsFields,
}))

import { hideStoreOrderLabels, throughLabels } from "../hide-store-order-labels"

const asked = [
  "id",
  "fulfillments.*",
  "fulfillments.labels.*",
  "fulfillments.labels.tracking_number",
  "*fulfillments.labels",
  "items.variant.product.*",
]

function run(fields: string[]) {
  const req = { queryConfig: { fields: [...fields] } }
  const next = jest.fn()
  hideStoreOrderLabels(req as never, {} as never, next)
  expect(next).toHaveBeenCalledTimes(1)
  return req.queryConfig.fields
}

describe("hideStoreOrderLabels (GET /store/orders/:id answers anyone with the order id)", () => {
  it("tells a path through a fulfillment's labels from the rest", () => {
    expect(asked.filter(throughLabels)).toEqual([
      "fulfillments.labels.*",
      "fulfillments.labels.tracking_number",
      "*fulfillments.labels",
    ])
  })

  it("drops the labels on a Medusa that would resolve them, keeps every other field", () => {
    releaseLimitsFields = false
    expect(run(asked)).toEqual([
      "id",
      "fulfillments.*",
      "items.variant.product.*",
    ])
  })

  it("leaves the fields to Medusa where it limits them itself", () => {
    releaseLimitsFields = true
    expect(run(asked)).toEqual(asked)
  })
})

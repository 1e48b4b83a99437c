import { Modules } from "@medusajs/framework/utils"
import { SHIPPING_SERVICES_MODULE } from "../../../options/resolve"
import { runThenFail } from "../../__tests__/run-then-fail"
import {
  awaitingFulfillmentIds,
  returnedLines,
} from "../steps/load-awaiting-return"
import { storeReturnLabelsStep } from "../steps/store-return-labels"
import { buyReturnLabelsStep } from "../steps/buy-return-labels"

const stored = {
  shipping_services: { shipment_id: "ssship_9", shipment_ids: ["ssship_9"] },
}
const waiting = {
  shipping_services: {
    awaiting_return_label: true,
    option_id: "postal-return",
  },
}

describe("buying the return label of an exchange or a claim", () => {
  it("buys for the plugin's live return fulfillments that hold no label", () => {
    expect(
      awaitingFulfillmentIds({
        id: "return_1",
        order_id: "order_1",
        fulfillments: [
          {
            id: "ful_1",
            provider_id: "shipping-services_shipping-services",
            data: waiting,
          },
          { id: "ful_2", provider_id: "shipping-services_x", data: null },
          { id: "ful_3", provider_id: "shipping-services_x", data: stored },
          {
            id: "ful_4",
            provider_id: "shipping-services_x",
            data: waiting,
            canceled_at: new Date(),
          },
          { id: "ful_5", provider_id: "manual_manual", data: null },
          { id: "ful_6", provider_id: null, data: null },
        ],
      })
    ).toEqual(["ful_1", "ful_2"])
  })

  it("takes the returned lines from the return's items (not the fulfillment's, which list every order item)", () => {
    expect(
      returnedLines([
        { item_id: "ordli_1", quantity: 1 },
        { item_id: "ordli_2", quantity: "2" },
        { item_id: "ordli_1", quantity: 1 },
        { item_id: "ordli_3", quantity: 0 },
        { item_id: null, quantity: 1 },
      ])
    ).toEqual([
      { line_item_id: "ordli_1", quantity: 2 },
      { line_item_id: "ordli_2", quantity: 2 },
    ])
    expect(returnedLines(null)).toEqual([])
  })

  it("puts each fulfillment's data back and lets the labels' leases go when a later step fails", async () => {
    const updates: [string, Record<string, unknown>][] = []
    const released: string[] = []
    const { errors } = await runThenFail(
      storeReturnLabelsStep,
      {
        bought: [
          {
            fulfillment_id: "ful_1",
            previous_data: waiting,
            data: stored,
            labels: [
              { tracking_number: "9400", tracking_url: "t", label_url: "l" },
            ],
            shipment_ids: ["ssship_9"],
            tracking_numbers: ["9400"],
          },
        ],
      },
      {
        [Modules.FULFILLMENT]: {
          updateFulfillment: async (
            id: string,
            data: Record<string, unknown>
          ) => void updates.push([id, data]),
        },
        [SHIPPING_SERVICES_MODULE]: {
          leases: () => ({
            release: async (_table: string, id: string) =>
              void released.push(id),
          }),
        },
      }
    )
    expect(errors).toEqual(["a later step failed"])
    expect(updates).toEqual([
      [
        "ful_1",
        {
          data: stored,
          labels: [
            { tracking_number: "9400", tracking_url: "t", label_url: "l" },
          ],
        },
      ],
      // The compensation: the fulfillment no longer holds the label; the next run stores it again.
      ["ful_1", { data: waiting }],
    ])
    expect(released).toEqual(["ssship_9"])
  })

  it("buys nothing, and has nothing to give back, for a return with nothing waiting", async () => {
    const { errors } = await runThenFail(
      buyReturnLabelsStep,
      { awaiting: null },
      {
        [SHIPPING_SERVICES_MODULE]: {
          getOptions: () => {
            throw new Error("nothing to buy: no options needed")
          },
        },
      }
    )
    expect(errors).toEqual(["a later step failed"])
  })
})

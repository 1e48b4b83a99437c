import {
  afterFailedPurchase,
  nextReturnLabelAttempt,
  waitingReturnLabelView,
} from "../waiting-label"
import {
  awaitingReturnLabelData,
  awaitingReturnLabelOf,
  DATA_KEY,
  dataRefOf,
  shipmentRefOf,
} from "../../shipments/fulfillment-data"

const policy = { maxAttempts: 3, backoffMs: 30_000, quietMs: 120_000 }
const marker = {
  awaiting_return_label: true as const,
  option_id: "postal-return",
}
const at = new Date("2026-05-01T10:00:00Z")

describe("the return label of an exchange or a claim while it waits", () => {
  it("is marked on the fulfillment's data (ids only), and a marked fulfillment holds no label", () => {
    const data = awaitingReturnLabelData({ other: 1 }, "postal-return")
    expect(data).toEqual({
      other: 1,
      [DATA_KEY]: { awaiting_return_label: true, option_id: "postal-return" },
    })
    expect(awaitingReturnLabelOf(data)).toEqual(marker)
    expect(shipmentRefOf(data)).toBeUndefined()
    // Once the label is stored its reference replaces the marker: nothing waits any more.
    const stored = {
      ...data,
      [DATA_KEY]: dataRefOf(
        [
          {
            id: "ssship_1",
            tracking_number: "9400",
            carrier: "POSTAL",
            service_id: "UGA",
            option_id: "postal-return",
            is_return: true,
          },
        ],
        "ful_1"
      ),
    }
    expect(awaitingReturnLabelOf(stored)).toBeUndefined()
    expect(awaitingReturnLabelOf(null)).toBeUndefined()
    expect(
      awaitingReturnLabelOf({ [DATA_KEY]: { awaiting_return_label: true } })
    ).toBeUndefined()
  })

  it("counts a failed purchase, but not one the service's absence caused", () => {
    const refused = afterFailedPurchase(
      marker,
      { message: "the address is not valid", away: false },
      at
    )
    expect(refused).toEqual({
      ...marker,
      attempts: 1,
      last_error: { message: "the address is not valid", at: at.toISOString() },
    })
    const away = afterFailedPurchase(
      refused,
      { message: "the service is not answering", away: true },
      at
    )
    expect(away.attempts).toBe(1)
    expect(away.last_error).toEqual({
      message: "the service is not answering",
      at: at.toISOString(),
      away: true,
    })
  })

  it("is tried again by the sweep after the quiet time, after a backoff that doubles, at once after an absence, and not once the attempts are spent", () => {
    const created = new Date("2026-05-01T09:59:00Z")
    expect(nextReturnLabelAttempt(marker, created, policy)).toEqual(
      new Date(created.getTime() + 120_000)
    )
    const failed = (attempts: number, away = false) => ({
      ...marker,
      attempts,
      last_error: {
        message: "x",
        at: at.toISOString(),
        ...(away ? { away } : {}),
      },
    })
    expect(nextReturnLabelAttempt(failed(1), created, policy)).toEqual(
      new Date(at.getTime() + 30_000)
    )
    expect(nextReturnLabelAttempt(failed(2), created, policy)).toEqual(
      new Date(at.getTime() + 60_000)
    )
    expect(nextReturnLabelAttempt(failed(2, true), created, policy)).toEqual(at)
    expect(nextReturnLabelAttempt(failed(3), created, policy)).toBeNull()
    expect(nextReturnLabelAttempt(failed(3, true), created, policy)).toBeNull()
  })

  it("is shown to the admin with the change, the words and the next attempt", () => {
    const view = waitingReturnLabelView({
      ret: { id: "return_1", claim_id: "claim_1" },
      fulfillmentId: "ful_1",
      marker: afterFailedPurchase(
        marker,
        { message: "refused", away: false },
        at
      ),
      waitingSince: at,
      policy,
    })
    expect(view).toEqual({
      return_id: "return_1",
      kind: "claim",
      id: "claim_1",
      fulfillment_id: "ful_1",
      attempts: 1,
      last_error: { message: "refused", at: at.toISOString() },
      next_attempt_at: new Date(at.getTime() + 30_000).toISOString(),
    })
    expect(
      waitingReturnLabelView({
        ret: { id: "return_2", exchange_id: "exchange_1" },
        fulfillmentId: "ful_2",
        marker,
        waitingSince: at,
        policy,
      })
    ).toMatchObject({
      kind: "exchange",
      id: "exchange_1",
      attempts: 0,
      last_error: null,
    })
  })
})

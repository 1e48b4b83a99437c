import { SHIPPING_SERVICES_MODULE } from "../../../options/resolve"
import { runThenFail } from "../../__tests__/run-then-fail"
import { linkTrackingEventsStep } from "../steps/link-tracking-events"

describe("linking unmatched tracking events", () => {
  it("links them to their shipment, and unlinks them when a later step fails", async () => {
    const tracking = { linkEvents: jest.fn(async () => []) }
    const shipping = { tracking: () => tracking }
    const links = [
      { id: "sste_1", shipment_id: "sssh_1" },
      { id: "sste_2", shipment_id: "sssh_1" },
    ]
    await runThenFail(
      linkTrackingEventsStep,
      { links },
      { [SHIPPING_SERVICES_MODULE]: shipping }
    )
    expect(tracking.linkEvents.mock.calls).toEqual([
      [links],
      [
        [
          { id: "sste_1", shipment_id: null },
          { id: "sste_2", shipment_id: null },
        ],
      ],
    ])
  })
})

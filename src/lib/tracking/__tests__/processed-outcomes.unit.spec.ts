import { IMPLAUSIBLE_OUTCOME } from "../plausibility"
import { processedOutcomes } from "../processed-outcomes"

const plan = {
  skipped: undefined,
  transitions: [] as ("shipped" | "delivered")[],
  implausible: [] as {
    event_id: string
    reason: "before-label" | "ahead"
  }[],
  processed_event_ids: [] as string[],
  rejudged: [] as {
    event_id: string
    reason: "before-label" | "ahead" | null
  }[],
}

describe("processedOutcomes", () => {
  it("records nothing when nothing was processed", () => {
    expect(processedOutcomes(plan)).toEqual([])
  })

  it("groups events by what the plan did, implausible ones by why they moved nothing", () => {
    expect(
      processedOutcomes({
        ...plan,
        transitions: ["shipped", "delivered"],
        processed_event_ids: ["e1", "e2", "e3"],
        implausible: [{ event_id: "e2", reason: "ahead" }],
      })
    ).toEqual([
      { outcome: "shipped+delivered", ids: ["e1", "e3"] },
      { outcome: IMPLAUSIBLE_OUTCOME.ahead, ids: ["e2"] },
    ])
  })

  it("puts the shipment's state first: a voided label moves nothing whatever the date", () => {
    expect(
      processedOutcomes({
        ...plan,
        skipped: "voided",
        processed_event_ids: ["e1", "e2"],
        implausible: [{ event_id: "e2", reason: "before-label" }],
      } as Parameters<typeof processedOutcomes>[0])
    ).toEqual([{ outcome: "voided", ids: ["e1", "e2"] }])
  })

  it("gives events judged again today's verdict", () => {
    expect(
      processedOutcomes({
        ...plan,
        rejudged: [
          { event_id: "e1", reason: null },
          { event_id: "e2", reason: "before-label" },
        ],
      })
    ).toEqual([
      { outcome: "recorded", ids: ["e1"] },
      { outcome: IMPLAUSIBLE_OUTCOME["before-label"], ids: ["e2"] },
    ])
  })
})

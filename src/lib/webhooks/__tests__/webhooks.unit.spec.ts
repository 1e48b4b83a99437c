import { keyMatches, newWebhookKey } from "../auth"
import { planReconcile, type DesiredWebhookConfig } from "../reconcile"

const desired: DesiredWebhookConfig = {
  name: "medusa-shipping-services",
  type: "tracking",
  events: ["Acceptance", "Delivered"],
  url: "https://shop.example.com/hooks/shipping-services/tracking",
  timeOut: 10,
  status: "active",
  authParams: { authType: "custom", apiKey: "k1", headerName: "X-Key" },
}
const same = {
  webHookConfigID: "w1",
  ...desired,
  authParams: { ...desired.authParams },
}

describe("webhook registration plan", () => {
  it("creates when none of ours exists (others are left alone)", () => {
    const other = { ...same, webHookConfigID: "x", name: "someone-else" }
    expect(planReconcile([other], desired)).toEqual({
      action: "create",
      differences: [],
      remove: [],
    })
  })

  it("does nothing when ours matches", () => {
    expect(
      planReconcile([{ ...same, events: ["Delivered", "Acceptance"] }], desired)
    ).toEqual({
      action: "none",
      id: "w1",
      differences: [],
      remove: [],
    })
  })

  it("updates when events, url, timeOut, status or auth drifted", () => {
    const drifted = {
      ...same,
      events: ["Delivered"],
      timeOut: "30",
      status: "in-active",
      authParams: { authType: "custom", apiKey: "old", headerName: "X-Key" },
    }
    const plan = planReconcile([drifted], desired, "w1")
    expect(plan.action).toBe("update")
    expect(plan.differences).toEqual([
      "events",
      "timeOut",
      "status",
      "authParams",
    ])
    const moved = planReconcile(
      [{ ...same, url: "https://old.example.com/hook" }],
      desired,
      "w1"
    )
    expect(moved).toMatchObject({
      action: "update",
      id: "w1",
      differences: ["url"],
    })
  })

  it("keeps exactly one: the known id, deleting other copies of ours", () => {
    const copy = { ...same, webHookConfigID: "w2" }
    expect(planReconcile([copy, same], desired, "w1")).toMatchObject({
      action: "none",
      id: "w1",
      remove: ["w2"],
    })
    expect(
      planReconcile([copy, { ...same, events: [] }], desired)
    ).toMatchObject({ id: "w2", remove: ["w1"] })
  })
})

describe("webhook key", () => {
  it("is at least 32 random bytes", () => {
    const k = newWebhookKey()
    expect(Buffer.from(k, "base64url").length).toBe(32)
    expect(newWebhookKey()).not.toBe(k)
  })

  it("matches only an accepted key", () => {
    expect(keyMatches("k1", ["k1"])).toBe(true)
    expect(keyMatches("k1", [null, "old", "k1"])).toBe(true)
    expect(keyMatches("k2", ["k1"])).toBe(false)
    expect(keyMatches(undefined, ["k1"])).toBe(false)
    expect(keyMatches("", [""])).toBe(false)
    expect(keyMatches(["k1", "x"], ["k1"])).toBe(true)
  })
})

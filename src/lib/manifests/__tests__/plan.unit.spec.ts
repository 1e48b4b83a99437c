import { manifestExclusion, manifestGroups, manifestWindowStart } from "../plan"

const now = new Date("2026-11-25T15:00:00Z")

const label = (over: Record<string, unknown> = {}) => ({
  id: "sssh_1",
  variant: "expedited" as const,
  status: "created",
  is_return: false,
  add_to_manifest: true,
  manifest_id: null,
  voided_at: null,
  parcel_type: "PKG",
  tracking_number: "9400100000000000000001",
  created_at: new Date("2026-11-25T12:00:00Z"),
  ...over,
})

describe("which labels a close-out sends (doc 4, Manifest)", () => {
  it("sends a live label of today created with ADD_TO_MANIFEST=true", () => {
    expect(manifestExclusion(label(), now)).toBeNull()
  })

  it("leaves out, in the service's words, what the service's manifest rules refuse", () => {
    expect(manifestExclusion(label({ add_to_manifest: false }), now)).toBe(
      "9400100000000000000001 was not created with ADD_TO_MANIFEST=true"
    )
    expect(manifestExclusion(label({ manifest_id: "M-1" }), now)).toBe(
      "9400100000000000000001 is already on manifest M-1"
    )
    expect(manifestExclusion(label({ parcel_type: "FLAT" }), now)).toBe(
      "9400100000000000000001 is a postal letter or flat; they cannot be added to a scan form"
    )
    // Letters and flats are a postal rule: a standard parcel of type FLAT goes.
    expect(
      manifestExclusion(
        label({ variant: "standard", parcel_type: "FLAT" }),
        now
      )
    ).toBeNull()
  })

  it("leaves out dead labels, returns, labels without a number and those the service manifested itself", () => {
    expect(manifestExclusion(label({ status: "voided" }), now)).toBe(
      "not a live label"
    )
    expect(manifestExclusion(label({ is_return: true }), now)).toMatch(
      /return label/
    )
    expect(manifestExclusion(label({ tracking_number: null }), now)).toBe(
      "no tracking number"
    )
    const before = new Date(manifestWindowStart(now).getTime() - 1)
    expect(manifestExclusion(label({ created_at: before }), now)).toBe(
      "already manifested automatically by the service"
    )
  })

  it("groups what it sends by carrier, one carrier when asked", () => {
    const rows = [
      label({ id: "a" }),
      label({ id: "b", variant: "standard" }),
      label({ id: "c", add_to_manifest: false }),
      label({ id: "d" }),
    ]
    expect(
      manifestGroups(rows, now).map((g) => [
        g.carrier,
        g.shipments.map((s) => s.id),
      ])
    ).toEqual([
      ["POSTAL", ["a", "d"]],
      ["STANDARD", ["b"]],
    ])
    expect(manifestGroups(rows, now, "STANDARD").map((g) => g.carrier)).toEqual(
      ["STANDARD"]
    )
  })
})

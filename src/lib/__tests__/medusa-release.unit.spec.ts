import { MEDUSA_SINCE, medusaCan, medusaVersion } from "../medusa-release"

describe("what each Medusa release does", () => {
  it("compares releases by their numbers, prereleases as their release", () => {
    expect(MEDUSA_SINCE.passesAdditionalData).toBe("2.19.0")
    expect(medusaCan("passesAdditionalData", "2.18.0")).toBe(false)
    expect(medusaCan("passesAdditionalData", "2.19.0")).toBe(true)
    expect(medusaCan("passesAdditionalData", "2.21.2")).toBe(true)
    expect(medusaCan("passesAdditionalData", "2.100.0")).toBe(true)
    expect(
      medusaCan("passesAdditionalData", "2.19.1-snapshot-20260813214603")
    ).toBe(true)
    expect(medusaCan("passesAdditionalData", "1.20.0")).toBe(false)
  })

  it("reads the installed Medusa by default", () => {
    expect(medusaVersion()).toMatch(/^2\.\d+\.\d+/)
    expect(medusaCan("passesAdditionalData")).toBe(
      medusaCan("passesAdditionalData", medusaVersion())
    )
  })
})

import {
  POSTAL_MAINTENANCE,
  inMaintenanceWindow,
  inPostalMaintenance,
  localMinutes,
} from "../maintenance"

const at = (iso: string) => new Date(iso)

describe("postal maintenance window (doc 3 rule 5: about midnight to 3 a.m. ET)", () => {
  it("follows Eastern Standard Time in winter (UTC-5)", () => {
    expect(inPostalMaintenance(at("2026-01-15T04:59:00Z"))).toBe(false) // 23:59 EST
    expect(inPostalMaintenance(at("2026-01-15T05:00:00Z"))).toBe(true) // 00:00 EST
    expect(inPostalMaintenance(at("2026-01-15T07:59:00Z"))).toBe(true) // 02:59 EST
    expect(inPostalMaintenance(at("2026-01-15T08:00:00Z"))).toBe(false) // 03:00 EST
  })

  it("follows Eastern Daylight Time in summer (UTC-4)", () => {
    expect(inPostalMaintenance(at("2026-07-15T03:59:00Z"))).toBe(false) // 23:59 EDT
    expect(inPostalMaintenance(at("2026-07-15T04:00:00Z"))).toBe(true) // 00:00 EDT
    expect(inPostalMaintenance(at("2026-07-15T06:59:00Z"))).toBe(true) // 02:59 EDT
    expect(inPostalMaintenance(at("2026-07-15T07:00:00Z"))).toBe(false) // 03:00 EDT
    // 05:00 UTC is inside in summer, 08:00 UTC (04:00 EDT) is not: a fixed UTC-5 rule would get both wrong.
    expect(inPostalMaintenance(at("2026-07-15T07:30:00Z"))).toBe(false)
  })

  it("is right on the night clocks spring forward (2026-03-08, 02:00 EST → 03:00 EDT)", () => {
    expect(inPostalMaintenance(at("2026-03-08T05:00:00Z"))).toBe(true) // 00:00 EST
    expect(inPostalMaintenance(at("2026-03-08T06:59:00Z"))).toBe(true) // 01:59 EST
    expect(inPostalMaintenance(at("2026-03-08T07:00:00Z"))).toBe(false) // 03:00 EDT: the window is two hours that night
  })

  it("is right on the night clocks fall back (2026-11-01, 02:00 EDT → 01:00 EST)", () => {
    expect(inPostalMaintenance(at("2026-11-01T03:59:00Z"))).toBe(false) // 23:59 EDT
    expect(inPostalMaintenance(at("2026-11-01T04:00:00Z"))).toBe(true) // 00:00 EDT
    expect(inPostalMaintenance(at("2026-11-01T05:30:00Z"))).toBe(true) // 01:30 EDT
    expect(inPostalMaintenance(at("2026-11-01T06:30:00Z"))).toBe(true) // 01:30 EST (the repeated hour)
    expect(inPostalMaintenance(at("2026-11-01T07:59:00Z"))).toBe(true) // 02:59 EST
    expect(inPostalMaintenance(at("2026-11-01T08:00:00Z"))).toBe(false) // 03:00 EST: four hours that night
  })

  it("reads local minutes in any zone and supports windows across midnight", () => {
    expect(
      localMinutes(at("2026-01-15T05:30:00Z"), POSTAL_MAINTENANCE.timeZone)
    ).toBe(30)
    const night = { timeZone: "Europe/Paris", startHour: 22, endHour: 2 }
    expect(inMaintenanceWindow(at("2026-01-15T21:30:00Z"), night)).toBe(true) // 22:30 CET
    expect(inMaintenanceWindow(at("2026-01-15T00:30:00Z"), night)).toBe(true) // 01:30 CET
    expect(inMaintenanceWindow(at("2026-01-15T12:00:00Z"), night)).toBe(false)
  })
})

import { SandboxClock } from "../clock"
import { IdFactory, s10Check, withMod10, withUpsCheck } from "../ids"
import { parcelLengthPlusGirth } from "../../../../src/shipping-api/rules/parcel"
import {
  billedPounds,
  rate,
  specialServiceFee,
  zoneOf,
} from "../rates/rate-table"
import type { ShipmentRecord } from "../state/model"
import { localDateTime, utcOffsetOf } from "../tracking/locations"
import { planTimeline, SCENARIOS } from "../tracking/scenarios"
import { TimelineScheduler, type Due } from "../tracking/scheduler"
import { parseFault, FaultPlan } from "../faults"
import { parseArgs } from "../cli-args"
import { baseRequest } from "../../../../src/shipping-api/__fixtures__/rule-examples"

const request = (v: Parameters<typeof baseRequest>[0]): any => baseRequest(v)

describe("ids", () => {
  it("are unique, deterministic per seed, and in each carrier's format", () => {
    const a = new IdFactory(7, {})
    const b = new IdFactory(7, {})
    const seen = new Set<string>()
    for (let i = 0; i < 2000; i++) {
      const postal = a.trackingNumber("POSTAL", "PM", "US", "9024324")
      expect(postal).toBe(b.trackingNumber("POSTAL", "PM", "US", "9024324"))
      expect(postal).toMatch(/^9400\d{18}$/)
      expect(seen.has(postal)).toBe(false)
      seen.add(postal)
    }
    expect(a.trackingNumber("STANDARD", "PRCLSEL", "US", "1")).toMatch(
      /^9261\d{18}$/
    )
    expect(a.trackingNumber("CARRIER_A", "NDA", "US", "9024324")).toMatch(
      /^1Z[0-9A-Z]{16}$/
    )
    expect(a.trackingNumber("XBORDER", "XBXPS", "GB", "1")).toMatch(
      /^LX\d{9}GB$/
    )
    expect(a.shipmentId("POSTAL")).toMatch(/^PSTL\d{16}$/)
    expect(
      new IdFactory(8, {}).trackingNumber("POSTAL", "PM", "US", "1")
    ).not.toBe(new IdFactory(7, {}).trackingNumber("POSTAL", "PM", "US", "1"))
  })

  it("carry valid check digits", () => {
    // S10 example EE473124829GB: weights 8,6,4,2,3,5,9,7 give check digit 9.
    expect(s10Check("47312482")).toBe("9")
    // Weights 3 and 1 catch every single-digit error: changing any digit changes the check digit.
    const body = "940011189922385994411"
    const check = withMod10(body).slice(-1)
    for (let i = 0; i < body.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === body[i]) continue
        expect(
          withMod10(body.slice(0, i) + d + body.slice(i + 1)).slice(-1)
        ).not.toBe(check)
      }
    }
    expect(withUpsCheck("1Z999AA1012345678")).toBe("1Z999AA10123456784") // the carrier's published test number
  })
})

describe("rate table", () => {
  it("prices weight, zone, fuel, large package and fees deterministically", () => {
    const req = request("carrier-account")
    expect(billedPounds(req)).toBe(1)
    expect(zoneOf(req)).toBe(2) // 064 → 021
    const r = rate("CARRIER_A", req, {
      serviceId: "NDA",
      includeDeliveryCommitment: false,
      now: 0,
    })
    // dimensional weight 10×8×4/139 = 2.3 → 3 lb billed: 58.35 + 2×4.90 + 1×3.20
    expect(r.baseCharge).toBe(71.35)
    expect(r.surcharges).toEqual([{ name: "FUEL", fee: 11.06 }])
    expect(r.totalCarrierCharge).toBe(82.41)
    expect(r.dimensionalWeight).toEqual({ unitOfMeasurement: "LB", weight: 3 })

    req.parcel.dimension = {
      length: 40,
      width: 12,
      height: 10,
      unitOfMeasurement: "IN",
    }
    expect(parcelLengthPlusGirth(req)).toBe(84) // the rule's own measure (src/shipping-api)
    const exactly84 = rate("CARRIER_A", req, {
      serviceId: "NDA",
      includeDeliveryCommitment: false,
      now: 0,
    })
    expect(exactly84.surcharges.map((s) => s.name)).toEqual(["FUEL"])
    req.parcel.dimension.height = 10.5
    const large = rate("CARRIER_A", req, {
      serviceId: "NDA",
      includeDeliveryCommitment: false,
      now: 0,
    })
    expect(large.surcharges.map((s) => s.name)).toEqual([
      "FUEL",
      "LARGE_PACKAGE",
    ])
    expect(large.totalCarrierCharge).toBe(
      Math.round(
        (large.baseCharge + large.surcharges.reduce((a, s) => a + s.fee, 0)) *
          100
      ) / 100
    )
  })

  it("charges INS by declared value, DelCon nothing, and standard delivery nothing at print", () => {
    expect(
      specialServiceFee({
        specialServiceId: "INS",
        inputParameters: [{ name: "INPUT_VALUE", value: "50" }],
      })
    ).toBe(2.85)
    expect(
      specialServiceFee({
        specialServiceId: "INS",
        inputParameters: [{ name: "INPUT_VALUE", value: "250" }],
      })
    ).toBe(5.25)
    expect(specialServiceFee({ specialServiceId: "DelCon" })).toBe(0)
    const std = request("standard")
    expect(
      rate("STANDARD", std, {
        serviceId: "PRCLSEL",
        includeDeliveryCommitment: false,
        now: 0,
        chargeAtPrint: false,
      }).totalCarrierCharge
    ).toBe(0)
    expect(
      rate("STANDARD", std, {
        serviceId: "PRCLSEL",
        includeDeliveryCommitment: false,
        now: 0,
      }).totalCarrierCharge
    ).toBeGreaterThan(0)
  })

  it("uses the origin's currency for cross-border and adds duty and tax for duty-paid classes", () => {
    const xb = request("cross-border")
    const paid = rate("XBORDER", xb, {
      serviceId: "XBXPE",
      includeDeliveryCommitment: true,
      now: Date.parse("2026-03-02T15:00:00Z"),
    })
    expect(paid.currencyCode).toBe("USD")
    expect(paid.totalDutyAmount).toBe(1.5)
    expect(paid.specialServices).toEqual([
      { specialServiceId: "DelCon", inputParameters: [], fee: 0 },
    ])
    expect(paid.deliveryCommitment).toEqual({
      additionalDetails: "",
      estimatedDeliveryDateTime: "2026-03-10T20:00:00",
      guarantee: "NONE",
      minEstimatedNumberOfDays: "3",
      maxEstimatedNumberOfDays: "6",
    })
    xb.fromAddress.countryCode = "GB"
    expect(
      rate("XBORDER", xb, {
        serviceId: "XBXPS",
        includeDeliveryCommitment: false,
        now: 0,
      }).currencyCode
    ).toBe("GBP")
  })
})

describe("clock and scheduler", () => {
  it("scales real time by speed and adds manual advances", () => {
    let real = 1000
    const clock = new SandboxClock(5_000, 10, () => real)
    real += 100
    expect(clock.now()).toBe(6_000)
    clock.advance(60_000)
    expect(clock.now()).toBe(66_000)
    clock.setSpeed(0)
    real += 1000
    expect(clock.now()).toBe(66_000)
    expect(clock.realDelayUntil(70_000)).toBeNull()
  })

  it("emits due events in time order across shipments", () => {
    const clock = new SandboxClock(0, 0)
    const shipments = new Map<string, ShipmentRecord>()
    const emitted: string[] = []
    const scheduler = new TimelineScheduler(clock, shipments, (due: Due[]) => {
      for (const { shipment: s, index: i } of due)
        emitted.push(
          `${s.shipmentId}:${s.timeline[i]!.status}@${s.timeline[i]!.at}`
        )
    })
    const mk = (id: string, createdAt: number) =>
      ({
        shipmentId: id,
        timeline: planTimeline("delivered", createdAt),
        emitted: 0,
      }) as unknown as ShipmentRecord
    shipments.set("a", mk("a", 0))
    shipments.set("b", mk("b", 3_600_000))
    scheduler.schedule(shipments.get("a")!)
    scheduler.schedule(shipments.get("b")!)
    scheduler.run()
    expect(emitted).toEqual(["a:Manifest@0"])
    clock.advance(5 * 3_600_000)
    const times = emitted.map((e) => Number(e.split("@")[1]))
    expect(emitted.slice(1)).toEqual([
      "b:Manifest@3600000",
      "a:Acceptance@14400000",
      "b:Acceptance@18000000",
    ])
    expect([...times].sort((x, y) => x - y)).toEqual(times)
    expect(scheduler.nextAt()).toBe(10 * 3_600_000)
    expect(scheduler.lastAt()).toBe(48 * 3_600_000)
    scheduler.close()
  })

  it("scenarios tell the stories the docs promise", () => {
    const statuses = (s: keyof typeof SCENARIOS) =>
      planTimeline(s, 0).map((e) => e.status)
    expect(statuses("delivered")).toEqual([
      "Manifest",
      "Acceptance",
      "InTransit",
      "InTransit",
      "OutForDelivery",
      "Delivered",
    ])
    expect(statuses("attempt").slice(-4)).toEqual([
      "OutForDelivery",
      "DeliveryAttempt",
      "OutForDelivery",
      "Delivered",
    ])
    expect(statuses("exception").slice(2, 5)).toEqual([
      "InTransit",
      "Exception",
      "InTransit",
    ])
    expect(statuses("return").slice(-2)).toEqual([
      "DeliveryAttempt",
      "ReturnToSender",
    ])
    expect(statuses("pickup").slice(-2)).toEqual(["ReadyForPickup", "PickedUp"])
    expect(statuses("pickup-missed").slice(-1)).toEqual(["PickupMissed"])
    expect(statuses("stuck")).toEqual(["Manifest"])
    expect(
      planTimeline("pickup", 0)
        .map((e) => e.lockerEvent)
        .filter(Boolean)
    ).toEqual(["reservation", "deposit", "pickup"])
  })

  it("formats local time at the destination's offset", () => {
    expect(utcOffsetOf({ countryCode: "US", stateProvince: "IL" })).toBe(
      "-06:00"
    )
    expect(utcOffsetOf({ countryCode: "US", stateProvince: "CT" })).toBe(
      "-05:00"
    )
    expect(utcOffsetOf({ countryCode: "GB" })).toBe("+00:00")
    expect(localDateTime(Date.parse("2026-03-02T03:04:05Z"), "-05:00")).toEqual(
      { date: "2026-03-01", time: "22:04:05" }
    )
  })
})

describe("faults", () => {
  it("parses every fault and plans them per operation for N requests", () => {
    expect(parseFault("500")).toEqual({
      kind: "error",
      status: 500,
      before: false,
    })
    expect(parseFault("429=7")).toEqual({
      kind: "throttle",
      retryAfterSeconds: 7,
    })
    expect(parseFault("delay=300")).toEqual({ kind: "delay", ms: 300 })
    expect(parseFault("nope")).toBeUndefined()
    const plan = new FaultPlan()
    plan.inject("createShipment", "503", 2)
    expect(plan.take("tracking")).toBeUndefined()
    expect(plan.take("createShipment")?.kind).toBe("error")
    expect(plan.take("createShipment")?.kind).toBe("error")
    expect(plan.take("createShipment")).toBeUndefined()
    expect(() => plan.inject("x", "bogus")).toThrow(/unknown fault/)
  })
})

describe("cli arguments", () => {
  it("reads the documented flags", () => {
    expect(
      parseArgs([
        "--port",
        "0",
        "--host=0.0.0.0",
        "--api-key",
        "k",
        "--api-secret",
        "s",
        "--speed",
        "60",
        "--state",
        "s.json",
        "--token-ttl",
        "5",
      ])
    ).toMatchObject({
      port: 0,
      host: "0.0.0.0",
      speed: 60,
      statePath: "s.json",
      tokenTtlSeconds: 5,
      accounts: [{ apiKey: "k", apiSecret: "s" }],
    })
    expect(parseArgs(["--help"])).toBe("help")
    expect(() => parseArgs(["--bogus"])).toThrow(/unknown option/)
    expect(() => parseArgs(["--port", "10080"])).toThrow(
      "--port 10080: fetch and browsers refuse to connect to this port"
    )
    expect(parseArgs(["--port=10081"])).toMatchObject({ port: 10081 })
  })
})

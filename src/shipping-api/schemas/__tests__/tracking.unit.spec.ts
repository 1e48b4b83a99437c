import {
  isPackageStatus,
  packageStatusSchema,
  trackingEventSchema,
  trackingResponseSchema,
} from "../tracking"

const event = {
  standardizedEventCode: "DLD",
  standardizedEventDescription: "Delivered",
  l1Code: "DLD",
  l1Description: "Delivered",
  eventDate: "2026-01-15",
  eventTime: "14:03:00",
  eventTimeOffset: "-05:00",
  trackingUrl: "https://track.example.com/9400",
  latitude: "40.7",
  longitude: "-74.0",
  locationUnit: null,
  eventLeg: "FINAL",
  eventType: "DELIVERY",
  authorizedAgent: "false",
  scanType: "01",
  scanDescription: "Delivered, Front Door",
  eventDescription: "Delivered",
  packageStatus: "Delivered",
  l2Description: null,
  eventCity: "NEW YORK",
  eventStateOrProvince: "NY",
  postalCode: "10001",
  country: "US",
}

/** Every field of doc 3's tracking response table. */
const response = {
  packageCount: 1,
  reattemptDate: null,
  reattemptTime: null,
  signedBy: "J DOE",
  senderAddress: {
    name: null,
    address1: null,
    address2: null,
    address3: null,
    city: null,
    stateOrProvince: null,
    postalCode: null,
    country: null,
  },
  requestedIdentifier: "TrackingNumber",
  clientId: "C1",
  trackingNumber: "9400100000000000000000",
  referenceNumber: "ORD-1",
  smartLabelBarcode: null,
  carrier: "POSTAL",
  serviceName: "Priority Mail",
  serviceCode: "PM",
  estimatedDeliveryDate: "2026-01-15",
  estimatedDeliveryTime: "20:00:00",
  estimatedDeliveryTimeOffset: "-05:00",
  weight: 1.5,
  weightUOM: "LBS",
  dimension: { length: 10, width: 6, height: 4, unitOfMeasurement: "IN" },
  deliveryDate: "2026-01-15",
  deliveryTime: "14:03:00",
  deliveryTimeOffset: "-05:00",
  deliveryProofUrl: "https://proof.example.com/1.png",
  shipDate: "2026-01-13",
  shipTime: "09:00:00",
  shipTimeOffset: "-05:00",
  destinationAddress: {
    name: "Jane",
    address1: "1 Main St",
    city: "NEW YORK",
    stateOrProvince: "NY",
    postalCode: "10001",
    country: "US",
  },
  deliveryLocation: "FRONT_DOOR",
  deliveryLocationDescription: "Front door",
  scanDetailsList: [
    event,
    { ...event, packageStatus: "InTransit", standardizedEventCode: "ITR" },
  ],
  currentStatus: event,
  status: "Delivered",
  updatedDate: "2026-01-15",
  updatedTime: "14:05:00",
  lastPackageStatusLocation: "NEW YORK, NY",
}

describe("tracking response (doc 3)", () => {
  it("reads every documented field", () => {
    const r = trackingResponseSchema.parse(response)
    for (const key of Object.keys(response)) expect(r).toHaveProperty(key)
    expect(r.scanDetailsList).toHaveLength(2)
    expect(r.currentStatus?.standardizedEventCode).toBe("DLD")
    expect(r.dimension?.unitOfMeasurement).toBe("IN")
  })

  it("reads nulls as absent and keeps unknown fields", () => {
    const r = trackingResponseSchema.parse({
      ...response,
      futureField: { a: 1 },
    })
    expect(r.reattemptDate).toBeUndefined()
    expect(r.senderAddress?.name).toBeUndefined()
    expect(r).toHaveProperty("futureField", { a: 1 })
  })

  it("tolerates null objects and arrays (senderAddress, scanDetailsList, currentStatus)", () => {
    const r = trackingResponseSchema.parse({
      trackingNumber: "1Z",
      senderAddress: null,
      scanDetailsList: null,
      currentStatus: null,
    })
    expect(r.scanDetailsList).toBeUndefined()
  })

  it("needs the tracking number", () => {
    expect(
      trackingResponseSchema.safeParse({
        ...response,
        trackingNumber: undefined,
      }).success
    ).toBe(false)
    expect(
      trackingResponseSchema.safeParse({ ...response, trackingNumber: "" })
        .success
    ).toBe(false)
  })

  it("reads an Event with all doc 3 fields, numbers sent as strings where the carrier does so", () => {
    const e = trackingEventSchema.parse({ ...event, latitude: 40.7 })
    expect(e.latitude).toBe("40.7")
    expect(
      trackingEventSchema.safeParse({ ...event, eventDate: { bad: true } })
        .success
    ).toBe(false)
  })

  it("knows the package statuses", () => {
    expect(isPackageStatus("Delivered")).toBe(true)
    expect(isPackageStatus("Lost")).toBe(false)
    expect(packageStatusSchema.options).toHaveLength(11)
  })
})

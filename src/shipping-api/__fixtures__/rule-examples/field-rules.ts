import { LIMITS, SHIPMENT_OPTION } from "../../constants"
import { NOTIFICATION_LIMITS } from "../../schemas/notification-rules"

/** Values a rule accepts and values it refuses. */
export type ValueExamples<T = unknown> = {
  pass: readonly T[]
  fail: readonly T[]
}

const NON_EMPTY = { pass: ["x"], fail: ["", "  "] }
const POSITIVE = { pass: [0.1, 12], fail: [0, -1] }
const NOT_NEGATIVE = { pass: [0, 3.5], fail: [-0.01] }
const COUNTRY_CODE = { pass: ["US", "PR"], fail: ["us", "USA", ""] }
const CURRENCY_CODE = { pass: ["USD", "GBP"], fail: ["usd", "US", "DOLLARS"] }
const maxLength = (max: number) => ({
  pass: ["", "x".repeat(max)],
  fail: ["x".repeat(max + 1)],
})
/** A unit in its documented spelling and in lower case passes; others fail. */
const oneOfAnyCase = (unit: string) => ({
  pass: [unit, unit.toLowerCase()],
  fail: ["", "XX"],
})

/** A JSON value `levels` deep, objects and arrays in turn. */
const nest = (levels: number): unknown => {
  let v: unknown = 1
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v }
  return v
}

/** Examples of the schemas' field rules (FIELD_RULES), by rule id. */
export const FIELD_RULE_EXAMPLES: Record<string, ValueExamples> = {
  "header.X-Vendor-TransactionId.format": {
    pass: ["a", "ORD-1001_attempt-2", "x".repeat(LIMITS.transactionIdLength)],
    fail: ["", "x".repeat(LIMITS.transactionIdLength + 1), "has space", "ä"],
  },
  "shipment.shipmentId.not-empty": NON_EMPTY,
  "query.carrier.not-empty": NON_EMPTY,
  "address.countryCode.format": COUNTRY_CODE,
  "parcel.weight.weight.positive": POSITIVE,
  "parcel.weight.unitOfMeasurement.value": oneOfAnyCase("OZ"),
  "dimension.side.positive": POSITIVE,
  "dimension.unitOfMeasurement.value": oneOfAnyCase("IN"),
  "dimension.irregularParcelGirth.not-negative": NOT_NEGATIVE,
  "parcel.currencyCode.format": CURRENCY_CODE,
  "special-service.specialServiceId.not-empty": NON_EMPTY,
  "rates.carrier.not-empty": NON_EMPTY,
  "rates.serviceId.not-empty": NON_EMPTY,
  "customs-info.currencyCode.format": CURRENCY_CODE,
  "customs-info.fromCustomsReference.format": {
    pass: ["CHE123456789"],
    fail: ["CHE12345678", "123456789", "che123456789", "CHE-123.456.789"],
  },
  "customs-info.sdrValue.not-negative": NOT_NEGATIVE,
  "customs-item.description.not-empty": NON_EMPTY,
  "customs-item.description.max-length": maxLength(LIMITS.customsDescription),
  "customs-item.hSTariffCode.max-length": maxLength(LIMITS.hsCode),
  "customs-item.hSTariffCodeCountry.format": COUNTRY_CODE,
  "customs-item.originCountryCode.format": COUNTRY_CODE,
  "customs-item.quantity.positive": POSITIVE,
  "customs-item.unitPrice.not-negative": NOT_NEGATIVE,
  "customs-item.unitWeight.weight.not-negative": NOT_NEGATIVE,
  "customs-item.unitWeight.unitOfMeasurement.value": oneOfAnyCase("OZ"),
  "customs-item.itemId.max-length": maxLength(LIMITS.crossBorderItemId),
  "customs-item.itemId.no-outer-spaces": {
    pass: ["SKU-1", "SKU 1"],
    fail: [" SKU-1", "SKU-1 "],
  },
  "customs-item.url.max-length": maxLength(LIMITS.crossBorderUrl),
  "customs-item.manufacturer.max-length": maxLength(
    LIMITS.crossBorderManufacturer
  ),
  "customs.customsItems.max-items": {
    pass: [[], Array(LIMITS.customsItems).fill({})],
    fail: [Array(LIMITS.customsItems + 1).fill({})],
  },
  "shipment.rates.one-entry": { pass: [[{}]], fail: [[], [{}, {}]] },
  "domestic-shipment-details.shipperTrackingNumber.not-empty": NON_EMPTY,
  "hazmat-details.quantity.positive": POSITIVE,
  "shipment.shipmentType.value": {
    pass: ["RETURN", "return"],
    fail: ["OUTBOUND", ""],
  },
  "shipment-response.shipmentId.not-empty": NON_EMPTY,
  "manifest.carrier.not-empty": NON_EMPTY,
  "manifest.submissionDate.format": {
    pass: ["2026-03-01", "2024-02-29"],
    fail: ["2026-3-1", "2026-02-30", "01/03/2026"],
  },
  "manifest.parcelTrackingNumbers.not-empty": NON_EMPTY,
  "manifest.parcelTrackingNumbers.unique-non-empty-list": {
    pass: [["1Z1"], ["1Z1", "1Z2"]],
    fail: [[], ["1Z1", "1Z1"]],
  },
  "manifest.parameters.shipper-id": {
    pass: [[{ name: SHIPMENT_OPTION.shipperId, value: "9024324" }]],
    fail: [
      [],
      [{ name: SHIPMENT_OPTION.shipperId, value: "" }],
      [{ name: "OTHER", value: "1" }],
    ],
  },
  "webhook-config.url.http-url": {
    pass: [
      "https://shop.example.com/hooks/shipping",
      "http://localhost:9000/x",
    ],
    fail: ["", "shop.example.com", "ftp://x"],
  },
  "webhook-config.events.not-empty": { pass: [["Delivered"]], fail: [[]] },
  "webhook-config.name.not-empty": NON_EMPTY,
  "webhook-config.name.max-length": maxLength(LIMITS.webhookName),
  "webhook-config.timeOut.positive": POSITIVE,
  "contact.body.not-empty": {
    pass: [{ name: "A" }, { company: "B" }],
    fail: [{}],
  },
  "contact.contactId.not-empty": { pass: ["c-1"], fail: ["", " "] },
}

/** Examples of the webhook receiver's rules (NOTIFICATION_RULES), by rule id. */
export const NOTIFICATION_RULE_EXAMPLES: Record<string, ValueExamples> = {
  "notification.string.storable": {
    pass: ["", "Newark, NJ", "Zürich 😀"],
    fail: ["a\u0000b", "\ud800", "x\udc00y", "\ude00\ud83d"],
  },
  "notification.extra.depth": {
    pass: [
      "text",
      1,
      null,
      { a: { b: [1, 2] } },
      nest(NOTIFICATION_LIMITS.extraDepth),
    ],
    fail: [nest(NOTIFICATION_LIMITS.extraDepth + 1), nest(3000)],
  },
  "notification.extra.size": {
    pass: [{}, { note: "x".repeat(100) }],
    fail: [{ note: "x".repeat(NOTIFICATION_LIMITS.extraChars) }],
  },
  "notification.status.known": {
    pass: ["Delivered", "InTransit", "PickupMissed"],
    fail: ["", "delivered", "false", "💥💥💥", "Delivered "],
  },
  "notification.eventDate.format": {
    pass: ["2026-01-15", "1970-01-01", "2024-02-29", "9999-12-31"],
    fail: [
      "",
      "2026-02-30",
      "2025-02-29",
      "0000-01-01",
      "1899-12-31",
      "2026-1-5",
      "20260115",
      "2026-13-01",
    ],
  },
  "notification.eventTime.format": {
    pass: ["14:03:00", "00:00:00", "23:59:59", "08:15"],
    fail: ["", "24:00:00", "12:60:00", "1:02:03", "noon"],
  },
  "notification.eventTimeOffset.format": {
    pass: ["-05:00", "+14:00", "+0530", "+00:00"],
    fail: ["", "Z", "-15:00", "+05:60", "05:00"],
  },
  "notification.header.X-Vendor-ReferenceId": {
    pass: ["ref-42", "0c7e6a1e-5a8b-4f4e-9a7f-2f1d1c3b9e10"],
    fail: [
      "",
      "x".repeat(NOTIFICATION_LIMITS.referenceId + 1),
      "has space",
      "ümlaut",
    ],
  },
  "notification.trackingNumber.max-length": maxLength(
    NOTIFICATION_LIMITS.trackingNumber
  ),
  "notification.standardizedEventCode.max-length": maxLength(
    NOTIFICATION_LIMITS.code
  ),
  "notification.standardizedEventDescription.max-length": maxLength(
    NOTIFICATION_LIMITS.text
  ),
  "notification.l1Code.max-length": maxLength(NOTIFICATION_LIMITS.code),
  "notification.l1Description.max-length": maxLength(NOTIFICATION_LIMITS.text),
  "notification.trackingUrl.max-length": maxLength(NOTIFICATION_LIMITS.url),
  "notification.latitude.max-length": maxLength(NOTIFICATION_LIMITS.coordinate),
  "notification.longitude.max-length": maxLength(
    NOTIFICATION_LIMITS.coordinate
  ),
  "notification.locationUnit.max-length": maxLength(NOTIFICATION_LIMITS.code),
  "notification.eventLeg.max-length": maxLength(NOTIFICATION_LIMITS.code),
  "notification.eventType.max-length": maxLength(NOTIFICATION_LIMITS.code),
  "notification.authorizedAgent.max-length": maxLength(
    NOTIFICATION_LIMITS.place
  ),
  "notification.scanType.max-length": maxLength(NOTIFICATION_LIMITS.code),
  "notification.scanDescription.max-length": maxLength(
    NOTIFICATION_LIMITS.text
  ),
  "notification.eventDescription.max-length": maxLength(
    NOTIFICATION_LIMITS.text
  ),
  "notification.l2Description.max-length": maxLength(NOTIFICATION_LIMITS.text),
  "notification.eventCity.max-length": maxLength(NOTIFICATION_LIMITS.place),
  "notification.eventStateOrProvince.max-length": maxLength(
    NOTIFICATION_LIMITS.place
  ),
  "notification.postalCode.max-length": maxLength(NOTIFICATION_LIMITS.place),
  "notification.country.max-length": maxLength(NOTIFICATION_LIMITS.place),
  "notification.carrier.max-length": maxLength(NOTIFICATION_LIMITS.code),
  "notification.eventId.max-length": maxLength(NOTIFICATION_LIMITS.eventId),
  "notification.lockerId.max-length": maxLength(NOTIFICATION_LIMITS.place),
}

import type { PackageStatus } from "../../../../src/shipping-api/constants"

/**
 * Scripted tracking timelines. Each step is one scan (doc 3 Event) with the carrier's wording;
 * each scenario is a list of steps at fixed sandbox hours after the label was created, so the
 * same scenario always tells the same story at the same pace.
 */
export type Place = "origin" | "originHub" | "destinationHub" | "destination"

export type StepKind =
  | "manifest"
  | "acceptance"
  | "departed"
  | "arrived"
  | "outForDelivery"
  | "delivered"
  | "attempt"
  | "exception"
  | "resumed"
  | "returned"
  | "readyForPickup"
  | "pickedUp"
  | "pickupMissed"

export type Step = {
  status: PackageStatus
  /** Standardized code (doc 3: l1Code and standardizedEventCode, e.g. DLD). */
  code: string
  /** Carrier scan code (doc 3: scanType). */
  scanType: string
  /** Standardized description (l1Description, standardizedEventDescription). */
  description: string
  /** Carrier descriptions (scanDescription / eventDescription; l2Description). */
  scanDescription: string
  detail: string
  place: Place
  eventType:
    "Manifest" | "Movement" | "Delivery" | "Exception" | "Return" | "Pickup"
  /** Doc 1 locker event sent to `locker` configurations at this step. */
  lockerEvent?: string
}

export const STEPS: Record<StepKind, Step> = {
  manifest: {
    status: "Manifest",
    code: "MAN",
    scanType: "MA",
    description: "Shipping label created",
    scanDescription: "Shipping Label Created, Carrier Awaiting Item",
    detail: "Electronic shipping information received",
    place: "origin",
    eventType: "Manifest",
  },
  acceptance: {
    status: "Acceptance",
    code: "ACC",
    scanType: "OA",
    description: "Accepted by carrier",
    scanDescription: "Accepted at Origin Facility",
    detail: "Picked up from shipper",
    place: "origin",
    eventType: "Movement",
  },
  departed: {
    status: "InTransit",
    code: "DEP",
    scanType: "L1",
    description: "In transit",
    scanDescription: "Departed Regional Facility",
    detail: "In transit to next facility",
    place: "originHub",
    eventType: "Movement",
  },
  arrived: {
    status: "InTransit",
    code: "ARR",
    scanType: "10",
    description: "In transit",
    scanDescription: "Arrived at Regional Destination Facility",
    detail: "Arrived at destination hub",
    place: "destinationHub",
    eventType: "Movement",
  },
  outForDelivery: {
    status: "OutForDelivery",
    code: "OFD",
    scanType: "OF",
    description: "Out for delivery",
    scanDescription: "Out for Delivery",
    detail: "On vehicle for delivery",
    place: "destination",
    eventType: "Delivery",
  },
  delivered: {
    status: "Delivered",
    code: "DLD",
    scanType: "01",
    description: "Delivered",
    scanDescription: "Delivered, Front Door/Porch",
    detail: "Left at front door",
    place: "destination",
    eventType: "Delivery",
  },
  attempt: {
    status: "DeliveryAttempt",
    code: "ATT",
    scanType: "02",
    description: "Delivery attempted",
    scanDescription: "Notice Left (No Authorized Recipient Available)",
    detail: "Recipient not available; redelivery scheduled",
    place: "destination",
    eventType: "Delivery",
  },
  exception: {
    status: "Exception",
    code: "EXC",
    scanType: "07",
    description: "Delivery exception",
    scanDescription: "Delayed: Severe Weather",
    detail: "Weather delay at hub",
    place: "originHub",
    eventType: "Exception",
  },
  resumed: {
    status: "InTransit",
    code: "INT",
    scanType: "L1",
    description: "In transit",
    scanDescription: "In Transit, Delay Resolved",
    detail: "Moving again after delay",
    place: "destinationHub",
    eventType: "Movement",
  },
  returned: {
    status: "ReturnToSender",
    code: "RTS",
    scanType: "09",
    description: "Returned to sender",
    scanDescription: "Return to Sender Processed",
    detail: "Unable to deliver; returning to sender",
    place: "destination",
    eventType: "Return",
  },
  readyForPickup: {
    status: "ReadyForPickup",
    code: "RFP",
    scanType: "PX",
    description: "Ready for pickup",
    scanDescription: "Available for Pickup at Parcel Locker",
    detail: "Deposited in parcel locker",
    place: "destination",
    eventType: "Pickup",
    lockerEvent: "deposit",
  },
  pickedUp: {
    status: "PickedUp",
    code: "PUP",
    scanType: "PU",
    description: "Picked up",
    scanDescription: "Picked Up from Parcel Locker",
    detail: "Collected by recipient",
    place: "destination",
    eventType: "Pickup",
    lockerEvent: "pickup",
  },
  pickupMissed: {
    status: "PickupMissed",
    code: "PUM",
    scanType: "PM",
    description: "Pickup missed",
    scanDescription: "Not Picked Up, Pickup Period Expired",
    detail: "Uncollected parcel removed from locker",
    place: "destination",
    eventType: "Pickup",
    lockerEvent: "stalemailpickup",
  },
}

/** [step, hours after creation]. */
type Script = ReadonlyArray<readonly [StepKind, number]>

const PREFIX: Script = [
  ["manifest", 0],
  ["acceptance", 4],
  ["departed", 10],
]

export const SCENARIOS = {
  delivered: [
    ...PREFIX,
    ["arrived", 22],
    ["outForDelivery", 42],
    ["delivered", 47],
  ],
  attempt: [
    ...PREFIX,
    ["arrived", 22],
    ["outForDelivery", 42],
    ["attempt", 47],
    ["outForDelivery", 66],
    ["delivered", 70],
  ],
  exception: [
    ...PREFIX,
    ["exception", 20],
    ["resumed", 40],
    ["outForDelivery", 62],
    ["delivered", 67],
  ],
  return: [
    ...PREFIX,
    ["arrived", 22],
    ["outForDelivery", 42],
    ["attempt", 47],
    ["returned", 96],
  ],
  pickup: [
    ...PREFIX,
    ["arrived", 22],
    ["readyForPickup", 40],
    ["pickedUp", 52],
  ],
  "pickup-missed": [
    ...PREFIX,
    ["arrived", 22],
    ["readyForPickup", 40],
    ["pickupMissed", 40 + 15 * 24],
  ],
  stuck: [["manifest", 0]],
} as const satisfies Record<string, Script>

export type ScenarioName = keyof typeof SCENARIOS

/** One planned event of a parcel's timeline (kept on the sandbox's shipment record). */
export type TimelineEvent = {
  at: number
  status: PackageStatus
  step: StepKind
  lockerEvent?: string
}
export const SCENARIO_NAMES = Object.keys(SCENARIOS) as ScenarioName[]

export function isScenario(name: unknown): name is ScenarioName {
  return (
    typeof name === "string" &&
    Object.prototype.hasOwnProperty.call(SCENARIOS, name)
  )
}

/** Locker reservation is made when the parcel leaves for the locker (doc 1 event `reservation`). */
const RESERVATION_AT: StepKind = "arrived"

export function planTimeline(
  scenario: ScenarioName,
  createdAt: number
): TimelineEvent[] {
  const script: Script = SCENARIOS[scenario]
  const locker = script.some(([k]) => STEPS[k].lockerEvent)
  return script.map(([kind, hours]) => {
    const step = STEPS[kind]
    const lockerEvent =
      step.lockerEvent ??
      (locker && kind === RESERVATION_AT ? "reservation" : undefined)
    return {
      at: createdAt + hours * 3_600_000,
      status: step.status,
      step: kind,
      ...(lockerEvent ? { lockerEvent } : {}),
    }
  })
}

/** The delivery promised at creation: the default script's delivery, whatever happens later. */
export function plannedDeliveryAt(createdAt: number): number {
  const delivered = SCENARIOS.delivered
  return createdAt + delivered[delivered.length - 1]![1] * 3_600_000
}

import type { Carrier } from "../../../../src/shipping-api/constants"

/**
 * What the sandbox knows about each service of doc 2: its name (tracking `serviceName`), transit
 * days (deliveryCommitment), and its price curve: `first` pound, `perLb` after that, `perZone`
 * per zone above 1 (zones 1–8 domestic, 9 international).
 */
export type ServiceInfo = {
  name: string
  minDays: number
  maxDays: number
  guarantee: "FULL" | "NONE"
  first: number
  perLb: number
  perZone: number
}

export const SERVICES: Record<Carrier, Record<string, ServiceInfo>> = {
  CARRIER_A: {
    NDA_AM: {
      name: "Next Day Air Early",
      minDays: 1,
      maxDays: 1,
      guarantee: "FULL",
      first: 92.5,
      perLb: 6.1,
      perZone: 4.4,
    },
    NDA: {
      name: "Next Day Air",
      minDays: 1,
      maxDays: 1,
      guarantee: "FULL",
      first: 58.35,
      perLb: 4.9,
      perZone: 3.2,
    },
    XPP: {
      name: "Worldwide Saver",
      minDays: 1,
      maxDays: 3,
      guarantee: "FULL",
      first: 101.2,
      perLb: 7.35,
      perZone: 5.1,
    },
  },
  POSTAL: {
    PM: {
      name: "Priority Mail",
      minDays: 1,
      maxDays: 3,
      guarantee: "NONE",
      first: 9.35,
      perLb: 1.45,
      perZone: 0.62,
    },
    EM: {
      name: "Priority Mail Express",
      minDays: 1,
      maxDays: 2,
      guarantee: "FULL",
      first: 28.75,
      perLb: 2.95,
      perZone: 1.3,
    },
    EMI: {
      name: "Priority Mail Express International",
      minDays: 3,
      maxDays: 5,
      guarantee: "NONE",
      first: 48.7,
      perLb: 3.6,
      perZone: 0,
    },
    FCMI: {
      name: "First-Class Mail International",
      minDays: 7,
      maxDays: 21,
      guarantee: "NONE",
      first: 1.65,
      perLb: 0.9,
      perZone: 0,
    },
    FCPIS: {
      name: "First-Class Package International Service",
      minDays: 7,
      maxDays: 21,
      guarantee: "NONE",
      first: 15.75,
      perLb: 2.4,
      perZone: 0,
    },
    UGA: {
      name: "Ground Advantage",
      minDays: 2,
      maxDays: 5,
      guarantee: "NONE",
      first: 5.4,
      perLb: 0.95,
      perZone: 0.41,
    },
    PS: {
      name: "Parcel Select",
      minDays: 2,
      maxDays: 8,
      guarantee: "NONE",
      first: 7.85,
      perLb: 0.88,
      perZone: 0.39,
    },
  },
  STANDARD: {
    PRCLSEL: {
      name: "Standard Delivery Parcel Select",
      minDays: 2,
      maxDays: 7,
      guarantee: "NONE",
      first: 4.9,
      perLb: 0.72,
      perZone: 0.3,
    },
  },
  XBORDER: {
    XBXPE: {
      name: "Cross-Border Expedited, duty paid",
      minDays: 3,
      maxDays: 6,
      guarantee: "NONE",
      first: 24.9,
      perLb: 4.2,
      perZone: 0,
    },
    XBXPS: {
      name: "Cross-Border Standard, duty paid",
      minDays: 6,
      maxDays: 12,
      guarantee: "NONE",
      first: 13.4,
      perLb: 2.75,
      perZone: 0,
    },
    XBXUS: {
      name: "Cross-Border Standard, duty unpaid",
      minDays: 6,
      maxDays: 12,
      guarantee: "NONE",
      first: 11.9,
      perLb: 2.6,
      perZone: 0,
    },
  },
}

export function serviceInfo(carrier: Carrier, serviceId: string): ServiceInfo {
  return (
    SERVICES[carrier][serviceId] ?? {
      name: serviceId,
      minDays: 2,
      maxDays: 7,
      guarantee: "NONE",
      first: 10,
      perLb: 1,
      perZone: 0.5,
    }
  )
}

const POSTAL_DOMESTIC = ["PM", "EM", "UGA", "PS"]
const POSTAL_INTERNATIONAL = ["PM", "EMI", "FCMI", "FCPIS"]

/**
 * The services "every service of the carrier" means for one request when the rates operation
 * gets no serviceId (doc 4): domestic or international ones, and for cross-border the classes
 * allowed from the origin (doc 2).
 */
export function applicableServices(
  carrier: Carrier,
  fromCountry: string,
  toCountry: string,
  allowedCrossBorder: readonly string[]
): string[] {
  const domestic =
    fromCountry === toCountry || (fromCountry === "US" && toCountry === "PR")
  switch (carrier) {
    case "POSTAL":
      return domestic ? POSTAL_DOMESTIC : POSTAL_INTERNATIONAL
    case "CARRIER_A":
      return domestic ? ["NDA_AM", "NDA"] : ["XPP"]
    case "STANDARD":
      return ["PRCLSEL"]
    case "XBORDER":
      return [...allowedCrossBorder]
  }
}

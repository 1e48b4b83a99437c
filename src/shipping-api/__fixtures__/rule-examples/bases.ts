import type { Variant } from "../../constants"
import { list } from "../../rules/read"
import type { ShipmentDraft, ValidationContext } from "../../rules/types"
import type { Address } from "../../schemas/address"
import type { ShipmentRequestInput } from "../../schemas/shipment"

/** A passing or failing example of a shipment rule: a valid base request of one variant, edited. */
export type RuleExample = {
  note: string
  /** Variant of the base request; the rule's first variant when absent. */
  base?: Variant
  edit?: (shipment: ShipmentDraft) => void
  ctx?: Partial<ValidationContext>
}

export type RuleExamples = {
  pass: readonly RuleExample[]
  fail: readonly RuleExample[]
}

/**
 * Valid base requests, one per variant: every rule example is one of these, edited. They are
 * small on purpose; the realistic ones are the golden fixtures beside this folder (shipments/).
 */
const BASES: Record<Variant, ShipmentRequestInput> = {
  "carrier-account": {
    fromAddress: {
      company: "Acme Goods",
      name: "Ann Sender",
      phone: "2035550100",
      addressLines: ["27 Waterview Drive"],
      cityTown: "Shelton",
      stateProvince: "CT",
      postalCode: "06484",
      countryCode: "US",
    },
    toAddress: {
      company: "Bee Corp",
      name: "Bob Receiver",
      phone: "6175550199",
      addressLines: ["1 Main Street"],
      cityTown: "Boston",
      stateProvince: "MA",
      postalCode: "02108",
      countryCode: "US",
    },
    parcel: {
      weight: { weight: 16, unitOfMeasurement: "OZ" },
      dimension: { length: 10, width: 8, height: 4, unitOfMeasurement: "IN" },
    },
    rates: [{ carrier: "CARRIER_A", serviceId: "NDA", parcelType: "PKG" }],
    documents: [
      {
        type: "SHIPPING_LABEL",
        size: "DOC_4X6",
        fileFormat: "PDF",
        contentType: "URL",
      },
    ],
    shipmentOptions: [{ name: "SHIPPER_ID", value: "9024324" }],
  },
  expedited: {
    fromAddress: {
      name: "Ann Sender",
      phone: "2035550100",
      addressLines: ["27 Waterview Drive"],
      cityTown: "Shelton",
      stateProvince: "CT",
      postalCode: "06484",
      countryCode: "US",
    },
    toAddress: {
      name: "Carl Buyer",
      phone: "3125550142",
      addressLines: ["233 S Wacker Dr"],
      cityTown: "Chicago",
      stateProvince: "IL",
      postalCode: "60606",
      countryCode: "US",
    },
    parcel: {
      weight: { weight: 20, unitOfMeasurement: "OZ" },
      dimension: { length: 12, width: 9, height: 3, unitOfMeasurement: "IN" },
    },
    rates: [
      {
        carrier: "POSTAL",
        serviceId: "PM",
        parcelType: "PKG",
        specialServices: [{ specialServiceId: "DelCon", inputParameters: [] }],
      },
    ],
    documents: [
      {
        type: "SHIPPING_LABEL",
        size: "DOC_4X6",
        fileFormat: "PNG",
        contentType: "BASE64",
      },
    ],
    shipmentOptions: [{ name: "SHIPPER_ID", value: "9024324" }],
  },
  standard: {
    fromAddress: {
      name: "Acme Warehouse",
      addressLines: ["4 Depot Road"],
      cityTown: "Atlanta",
      stateProvince: "GA",
      postalCode: "30303",
      countryCode: "US",
    },
    toAddress: {
      name: "Dana Home",
      addressLines: ["89 Elm Street"],
      cityTown: "Austin",
      stateProvince: "TX",
      postalCode: "73301",
      countryCode: "US",
      residential: true,
    },
    parcel: {
      weight: { weight: 32, unitOfMeasurement: "OZ" },
      dimension: { length: 14, width: 10, height: 6, unitOfMeasurement: "IN" },
    },
    rates: [{ carrier: "STANDARD", serviceId: "PRCLSEL", parcelType: "PKG" }],
    documents: [
      {
        type: "SHIPPING_LABEL",
        size: "DOC_4X6",
        fileFormat: "PDF",
        contentType: "BASE64",
        resolution: "DPI_203",
      },
    ],
    shipmentOptions: [
      { name: "SHIPPER_ID", value: "9024324" },
      { name: "CLIENT_FACILITY_ID", value: "0093" },
      { name: "CARRIER_FACILITY_ID", value: "1585" },
    ],
  },
  "cross-border": {
    fromAddress: {
      name: "Ann Sender",
      phone: "2035550100",
      addressLines: ["27 Waterview Drive"],
      cityTown: "Shelton",
      stateProvince: "CT",
      postalCode: "06484",
      countryCode: "US",
    },
    toAddress: {
      name: "Emma Clarke",
      phone: "442079460000",
      addressLines: ["10 Downing Lane"],
      cityTown: "London",
      stateProvince: "",
      postalCode: "SW1A 2AA",
      countryCode: "GB",
    },
    parcel: {
      weight: { weight: 1.5, unitOfMeasurement: "LB" },
      dimension: { length: 10, width: 6, height: 4, unitOfMeasurement: "IN" },
    },
    rates: [{ carrier: "XBORDER", serviceId: "XBXPE", parcelType: "PKG" }],
    documents: [
      {
        type: "SHIPPING_LABEL",
        size: "DOC_4X6",
        fileFormat: "PDF",
        contentType: "URL",
      },
    ],
    shipmentOptions: [
      { name: "SHIPPER_ID", value: "9024324" },
      { name: "DELIVERY_SOLUTION", value: "DROPOFF_GENERICLABEL" },
      { name: "CARRIER_FACILITY_ID", value: "HUB-NJ-01" },
    ],
    customs: {
      customsInfo: { currencyCode: "USD", reasonForExport: "MERCHANDISE" },
      customsItems: [
        {
          description: "Cotton T-shirt",
          hSTariffCode: "610910",
          hSTariffCodeCountry: "US",
          originCountryCode: "US",
          quantity: 2,
          unitPrice: 15,
          unitWeight: { weight: 6, unitOfMeasurement: "OZ" },
          itemId: "TSHIRT-BLUE-M",
          url: "https://shop.example.com/products/t-shirt",
        },
      ],
    },
  },
}

/** A fresh copy of the valid base request of a variant. */
export function baseRequest(variant: Variant): ShipmentDraft {
  return structuredClone(BASES[variant]) as ShipmentDraft
}

// Edits used by rule examples.

export function setOption(s: ShipmentDraft, name: string, value: string): void {
  const options = (s.shipmentOptions ??= [])
  const found = options.find((o) => o.name === name)
  if (found) found.value = value
  else options.push({ name, value })
}

export function removeOption(s: ShipmentDraft, name: string): void {
  s.shipmentOptions = list(s.shipmentOptions).filter((o) => o.name !== name)
}

export function addSpecialService(
  s: ShipmentDraft,
  specialServiceId: string,
  params: Record<string, string> = {}
): void {
  const rate = s.rates![0]
  ;(rate.specialServices ??= []).push({
    specialServiceId,
    inputParameters: Object.entries(params).map(([name, value]) => ({
      name,
      value,
    })),
  })
}

export const SAMPLE_ADDRESSES: Record<
  "DE" | "BR" | "CA" | "CH" | "JP" | "GB" | "PR",
  Address
> = {
  DE: {
    name: "Jonas Weber",
    phone: "49301234567",
    addressLines: ["Unter den Linden 5"],
    cityTown: "Berlin",
    stateProvince: "",
    postalCode: "10117",
    countryCode: "DE",
  },
  BR: {
    name: "Ana Souza",
    phone: "5511912345678",
    addressLines: ["Av Paulista 1000"],
    cityTown: "Sao Paulo",
    stateProvince: "SP",
    postalCode: "01310-100",
    countryCode: "BR",
  },
  CA: {
    name: "Liam Tremblay",
    phone: "5145550123",
    addressLines: ["500 Rue Sherbrooke"],
    cityTown: "Montreal",
    stateProvince: "QC",
    postalCode: "H3A 1B9",
    countryCode: "CA",
  },
  CH: {
    name: "Lea Meier",
    phone: "41441234567",
    addressLines: ["Bahnhofstrasse 1"],
    cityTown: "Zurich",
    stateProvince: "",
    postalCode: "8001",
    countryCode: "CH",
  },
  JP: {
    name: "Yuki Sato",
    phone: "81312345678",
    addressLines: ["1-1 Marunouchi"],
    cityTown: "Tokyo",
    stateProvince: "",
    postalCode: "100-0005",
    countryCode: "JP",
  },
  GB: {
    name: "Oliver Smith",
    phone: "442071234567",
    addressLines: ["1 High Street"],
    cityTown: "Leeds",
    stateProvince: "",
    postalCode: "LS1 1AA",
    countryCode: "GB",
  },
  PR: {
    company: "Isla Store",
    name: "Luis Rivera",
    phone: "7875550100",
    addressLines: ["100 Calle Luna"],
    cityTown: "San Juan",
    stateProvince: "PR",
    postalCode: "00901",
    countryCode: "PR",
  },
}

/**
 * An expedited parcel abroad, complete with what every destination needs (customs; EU importer
 * id and HS codes; Brazil importer id) so that examples only remove or change one thing.
 */
export function expeditedAbroad(
  s: ShipmentDraft,
  to: keyof typeof SAMPLE_ADDRESSES = "JP",
  serviceId = "FCPIS"
): void {
  s.toAddress = structuredClone(SAMPLE_ADDRESSES[to])
  s.rates![0].serviceId = serviceId
  s.rates![0].specialServices = []
  s.customs = {
    customsInfo: { currencyCode: "USD", reasonForExport: "MERCHANDISE" },
    customsItems: [
      {
        description: "Cotton T-shirt",
        hSTariffCode: "6109100010",
        originCountryCode: "US",
        quantity: 2,
        unitPrice: 15,
        unitWeight: { weight: 6, unitOfMeasurement: "OZ" },
      },
    ],
  }
  if (to === "DE") {
    s.customs.customsInfo!.importerCustomsReference = "IM2760000123"
    s.customs.customsInfo!.importerCustomsReferenceType = "IOSS_NUMBER"
  }
  if (to === "BR") {
    s.customs.customsInfo!.importerCustomsReference = "12345678909"
    s.documents![0].size = "DOC_8X11"
  }
}

/** A carrier-account shipment from the U.S. to Puerto Rico, complete. */
export function carrierAccountToPuertoRico(s: ShipmentDraft): void {
  s.toAddress = structuredClone(SAMPLE_ADDRESSES.PR)
  s.soldToAddress = structuredClone(SAMPLE_ADDRESSES.PR)
  s.customs = {
    customsInfo: { currencyCode: "USD", reasonForExport: "MERCHANDISE" },
    customsItems: [
      {
        description: "Ceramic mug",
        quantity: 1,
        unitPrice: 12,
        unitWeight: { weight: 14, unitOfMeasurement: "OZ" },
      },
    ],
  }
}

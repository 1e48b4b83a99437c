/**
 * Realistic batch inputs for tests and the merge bench: real label files from the sandbox's
 * renderer (tests and benches may load the sandbox; the plugin never does).
 */
import type { DocumentSize, FileFormat } from "../../../shipping-api/constants"
import type { Address } from "../../../shipping-api/schemas/address"
import { renderDocument } from "../../../../packages/sandbox/src/labels"
import type { PrintLabel, PrintOrder } from "../types"

export const SENDER: Address = {
  name: "Acme Warehouse",
  company: "Acme Inc.",
  addressLines: ["27 Waterview Drive"],
  cityTown: "Shelton",
  stateProvince: "CT",
  postalCode: "06484",
  countryCode: "US",
  phone: "203-555-0100",
}

const NAMES = [
  "Jane Doe",
  "Zoë Ünal",
  "María José García",
  "Oluwaseun Adeyemi",
  "李雷",
  "Mohammed Al-Rashid",
]
const STREETS = [
  "1 Main Street",
  "27 Waterview Drive",
  "350 Fifth Avenue Suite 4100",
  "10 Downing St",
]

export function trackingNumberOf(i: number): string {
  return `9400${String(111899223300000000n + BigInt(i)).padStart(18, "0")}`
}

export function shippingAddressOf(
  i: number,
  name = NAMES[i % NAMES.length]
): Address {
  return {
    name,
    addressLines: [STREETS[i % STREETS.length]],
    cityTown: "Springfield",
    stateProvince: "IL",
    postalCode: String(62701 + (i % 90)),
    countryCode: "US",
  }
}

/** A cross-border recipient: the order's shipping address and the invoice's consignee. */
export const BERLIN: Address = {
  name: "Zoë Ünal",
  addressLines: ["Hauptstraße 5"],
  cityTown: "Berlin",
  postalCode: "10115",
  countryCode: "DE",
  phone: "+49 30 1234567",
}

/** One sandbox label file of `format` (GIF is the QR code), addressed to `to`. */
export function labelFile(
  i: number,
  format: FileFormat,
  size: DocumentSize = "DOC_4X6",
  to = shippingAddressOf(i)
): Uint8Array {
  const qr = format === "GIF"
  const doc = renderDocument({
    type: qr ? "QR_CODE" : "SHIPPING_LABEL",
    fileFormat: format,
    size: qr ? undefined : size,
    trackingNumber: trackingNumberOf(i),
    shipmentId: `shp_${i.toString(36).padStart(10, "0")}`,
    carrier: "POSTAL",
    serviceId: "PM",
    from: SENDER,
    to,
    weightOz: 4 + (i % 100),
    reference: `ORDER-${1000 + i}`,
    customs: to.countryCode !== SENDER.countryCode,
  })
  return new Uint8Array(doc.pages[0])
}

export function labelOf(
  i: number,
  format: FileFormat,
  size: DocumentSize = "DOC_4X6",
  to?: Address
): PrintLabel {
  return {
    format,
    size: format === "GIF" ? undefined : size,
    pages: [labelFile(i, format, size, to)],
    trackingNumber: trackingNumberOf(i),
  }
}

export function orderOf(
  i: number,
  labels: PrintLabel[],
  overrides: Partial<PrintOrder> = {}
): PrintOrder {
  return {
    orderId: `order_${String(i).padStart(26, "0")}`,
    displayId: 1000 + i,
    shippingAddress: shippingAddressOf(i),
    orderDate: new Date(Date.UTC(2025, 4, 1 + (i % 28))),
    items: [
      {
        title: "Organic cotton T-shirt",
        variantTitle: "M / Black",
        sku: `TSHIRT-M-BLK-${i}`,
        quantity: 2,
      },
      { title: "Canvas tote bag", sku: "TOTE-NAT", quantity: 1 },
    ],
    labels,
    ...overrides,
  }
}

/** A cross-border order to Berlin with labels of `formats`: a commercial invoice from customs items as the request carried them. */
export function crossBorderOrderOf(
  i: number,
  formats: FileFormat[]
): PrintOrder {
  return orderOf(
    i,
    formats.map((format) => labelOf(i, format, "DOC_4X6", BERLIN)),
    {
      shippingAddress: BERLIN,
      commercialInvoice: {
        invoiceNumber: `INV-${1000 + i}`,
        date: new Date(Date.UTC(2025, 4, 2)),
        trackingNumber: trackingNumberOf(i),
        sender: SENDER,
        recipient: BERLIN,
        customs: {
          customsInfo: { currencyCode: "USD", reasonForExport: "MERCHANDISE" },
          customsItems: [
            {
              description: "Cotton T-shirt, knitted",
              hSTariffCode: "6109.10",
              originCountryCode: "US",
              quantity: 3,
              unitPrice: 19.99,
              unitWeight: { weight: 0.2, unitOfMeasurement: "KG" },
            },
            {
              description: "Canvas tote bag",
              hSTariffCode: "4202.22",
              originCountryCode: "CN",
              quantity: 1,
              unitPrice: 12.5,
              unitWeight: { weight: 0.3, unitOfMeasurement: "KG" },
            },
          ],
        },
      },
    }
  )
}

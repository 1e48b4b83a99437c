import type { PluginOptionsInput } from "../src/options"

/**
 * Options of the development app in the repository root (tests and demo): the local sandbox
 * server's roots and credentials, a US origin, and one option per variant. Environment
 * variables override; SHIPPING_SERVICES_OPTIONS (JSON) replaces everything.
 */
export function appPluginOptions(
  env: NodeJS.ProcessEnv = process.env
): PluginOptionsInput {
  if (env.SHIPPING_SERVICES_OPTIONS) {
    return JSON.parse(env.SHIPPING_SERVICES_OPTIONS)
  }
  const port = env.PORT ?? "9000"
  const baseUrl = env.SHIPPING_SERVICES_BASE_URL ?? "http://localhost:4010"
  return {
    credentials: {
      apiKey: env.SHIPPING_SERVICES_API_KEY ?? "sandbox-key",
      apiSecret: env.SHIPPING_SERVICES_API_SECRET ?? "sandbox-secret",
    },
    roots: { baseUrl },
    // The sandbox serves a public tracking page per parcel.
    trackingUrlTemplate: `${baseUrl}/track/{trackingNumber}`,
    shipper: {
      shipperId: "9024324",
      clientId: "SANDBOXCLIENT",
      clientFacilityId: "0093",
      carrierFacilityId: "1585",
    },
    contact: {
      contactId: "sandbox-contact",
      name: "Shipping Desk",
      company: "Demo Store",
    },
    origin: {
      company: "Demo Store",
      name: "Shipping Desk",
      phone: "2125550100",
      email: "shipping@example.com",
      addressLines: ["27 Waterview Dr"],
      cityTown: "Shelton",
      stateProvince: "CT",
      postalCode: "06484",
      countryCode: "US",
    },
    catalogUnits: { weight: "g", length: "cm" },
    defaultParcel: { length: 30, width: 20, height: 10, weight: 500 },
    services: [
      {
        id: "postal-ground",
        name: "Postal Ground Advantage",
        variant: "expedited",
        serviceId: "UGA",
        label: { fileFormat: "PDF", size: "DOC_4X6", contentType: "BASE64" },
        addToManifest: true,
      },
      {
        id: "postal-priority",
        name: "Postal Priority (with delivery confirmation)",
        variant: "expedited",
        serviceId: "PM",
        specialServices: [{ specialServiceId: "DelCon", inputParameters: [] }],
        label: { fileFormat: "PNG", size: "DOC_4X6", contentType: "BASE64" },
      },
      {
        id: "standard",
        name: "Standard Delivery",
        variant: "standard",
        serviceId: "PRCLSEL",
        label: { fileFormat: "ZPL2", size: "DOC_4X6", contentType: "BASE64" },
      },
      {
        id: "cross-border",
        name: "International Standard (duty paid)",
        variant: "cross-border",
        serviceId: "XBXPS",
        deliverySolution: "DROPOFF_GENERICLABEL",
        label: { fileFormat: "PDF", size: "DOC_4X6", contentType: "BASE64" },
      },
      {
        id: "carrier-account",
        name: "Next Day Air",
        variant: "carrier-account",
        serviceId: "NDA",
        label: { fileFormat: "PDF", size: "DOC_4X6", contentType: "URL" },
      },
      {
        id: "postal-return",
        name: "Postal return label",
        variant: "expedited",
        serviceId: "UGA",
        isReturn: true,
        label: { fileFormat: "PDF", size: "DOC_4X6", contentType: "BASE64" },
      },
    ],
    // Medusa's shipment and delivery events → customer emails (the dev app's local provider logs them).
    notifications: {
      channel: "email",
      shipped: "order-shipped",
      delivered: "order-delivered",
    },
    webhook: {
      publicUrl: env.SHIPPING_SERVICES_PUBLIC_URL ?? `http://localhost:${port}`,
    },
    // The cluster tests tick the polling job every few seconds (a six-field cron, seconds first).
    ...(env.SHIPPING_SERVICES_POLL_SCHEDULE
      ? { polling: { schedule: env.SHIPPING_SERVICES_POLL_SCHEDULE } }
      : {}),
    // The crash tests shorten how long a stopped process's work waits before it is taken over.
    ...(env.SHIPPING_SERVICES_LEASE_SECONDS
      ? {
          recovery: {
            leaseSeconds: Number(env.SHIPPING_SERVICES_LEASE_SECONDS),
            orphanGraceMinutes: Number(
              env.SHIPPING_SERVICES_ORPHAN_GRACE_MINUTES ?? 15
            ),
          },
        }
      : {}),
  }
}

import type { PluginOptionsInput } from "../src/options"
import { mergeOptions } from "../src/options/resolve"

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
  const defaults = defaultOptions(env)
  // A test changes a few options: JSON merged over these (null removes a key, arrays replace).
  return env.SHIPPING_SERVICES_OPTIONS_PATCH
    ? (withoutNulls(
        mergeOptions(defaults, JSON.parse(env.SHIPPING_SERVICES_OPTIONS_PATCH))
      ) as PluginOptionsInput)
    : defaults
}

function withoutNulls(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)])
  )
}

function defaultOptions(env: NodeJS.ProcessEnv): PluginOptionsInput {
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
      {
        // Label-free returns: a QR code (doc 2, GIF) the customer shows at the post office.
        id: "postal-return-qr",
        name: "Postal return (QR code)",
        variant: "expedited",
        serviceId: "UGA",
        isReturn: true,
        label: { type: "QR_CODE", fileFormat: "GIF", contentType: "BASE64" },
      },
    ],
    // Medusa's shipment and delivery events → customer emails (the dev app's local provider logs them).
    notifications: {
      channel: "email",
      shipped: "order-shipped",
      delivered: "order-delivered",
      returnLabel: "return-label",
    },
    webhook: {
      publicUrl: env.SHIPPING_SERVICES_PUBLIC_URL ?? `http://localhost:${port}`,
    },
    // The cluster tests tick the polling job every few seconds (a six-field cron, seconds first).
    ...(env.SHIPPING_SERVICES_POLL_SCHEDULE
      ? { polling: { schedule: env.SHIPPING_SERVICES_POLL_SCHEDULE } }
      : {}),
    // The File Module tests keep documents in S3 (medusa-config.ts: DEV_FILE_S3_ENDPOINT).
    ...(env.SHIPPING_SERVICES_DOCUMENTS_STORAGE
      ? {
          documents: {
            storage: env.SHIPPING_SERVICES_DOCUMENTS_STORAGE as
              "database" | "file",
          },
        }
      : {}),
    // The crash tests shorten how long a stopped process's work waits before it is taken over,
    // and run the recovery jobs every few seconds instead of every minute.
    ...(env.SHIPPING_SERVICES_LEASE_SECONDS ||
    env.SHIPPING_SERVICES_RECOVERY_SCHEDULE
      ? {
          recovery: {
            leaseSeconds: Number(env.SHIPPING_SERVICES_LEASE_SECONDS ?? 30),
            orphanGraceMinutes: Number(
              env.SHIPPING_SERVICES_ORPHAN_GRACE_MINUTES ?? 15
            ),
            ...(env.SHIPPING_SERVICES_RECOVERY_SCHEDULE
              ? { schedule: env.SHIPPING_SERVICES_RECOVERY_SCHEDULE }
              : {}),
          },
        }
      : {}),
  }
}

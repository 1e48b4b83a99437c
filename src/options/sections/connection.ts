import { z } from "@medusajs/framework/zod"
import { text, httpUrl, optionalText, addressOptionSchema } from "./fields"

export const connectionOptions = {
  credentials: z
    .strictObject({
      apiKey: text.describe("API key of the token operation. Secret."),
      apiSecret: text.describe("API secret of the token operation. Secret."),
    })
    .describe("Service credentials."),
  roots: z
    .strictObject({
      baseUrl: httpUrl.describe(
        "{base_url}: shipments, tracking, void, rates, manifests."
      ),
      authUrl: httpUrl
        .optional()
        .describe(
          "{auth_url}: token operation. Default: the origin of baseUrl."
        ),
      webhookUrl: httpUrl
        .optional()
        .describe("{webhook_url}: webhook configuration. Default: baseUrl."),
      contactUrl: httpUrl
        .optional()
        .describe("{contact_url}: contact update. Default: baseUrl."),
      apacUrl: httpUrl
        .optional()
        .describe("{apac_url}: standard delivery from Asia-Pacific."),
    })
    .describe("Service roots (shared/spec/4)."),
  shipper: z
    .strictObject({
      shipperId: text.describe(
        "SHIPPER_ID: the merchant's postalReportingNumber."
      ),
      clientId: optionalText.describe(
        "CLIENT_ID (standard returns; cross-border standard-label solutions)."
      ),
      clientFacilityId: optionalText.describe(
        "CLIENT_FACILITY_ID (standard; sandbox 0093)."
      ),
      carrierFacilityId: optionalText.describe(
        "CARRIER_FACILITY_ID (standard; hub id for cross-border drop-off; sandbox 1585)."
      ),
      carrierAccountId: optionalText.describe(
        "X-Vendor-Shipper-Carrier-AccountId (carrier-account)."
      ),
      ratePlan: optionalText.describe(
        "X-Vendor-Shipper-Rate-Plan (expedited)."
      ),
      integratorCarrierId: optionalText.describe(
        "X-Vendor-Integrator-CarrierId (expedited)."
      ),
      sellerId: optionalText.describe("SELLER_ID (cross-border marketplaces)."),
    })
    .describe("Merchant identifiers."),
  contact: z
    .strictObject({
      contactId: text.describe("contactId of the sender contact."),
      idType: optionalText.describe("idType query parameter."),
      name: optionalText.describe("Sender name."),
      company: optionalText.describe("Sender company."),
    })
    .optional()
    .describe(
      "Sender contact kept in sync through the contact update (shared/spec/3)."
    ),
  origin: addressOptionSchema
    .optional()
    .describe("Origin used when a stock location has no address."),
}

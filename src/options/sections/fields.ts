import { z } from "@medusajs/framework/zod"
import { blockedPortOf } from "../../shipping-api/client/blocked-ports"

export const DOCUMENT_STORAGES = ["database", "file"] as const
export type DocumentStorage = (typeof DOCUMENT_STORAGES)[number]

export const text = z.string().trim().min(1, "must not be empty")
export const httpUrl = z
  .string()
  .trim()
  .refine((v) => /^https?:\/\/[^\s/]+/.test(v), "must be an http(s) URL")
  .superRefine((v, ctx) => {
    const port = blockedPortOf(v)
    if (port !== undefined)
      ctx.addIssue({
        code: "custom",
        message: `must not use port ${port}: fetch and browsers refuse to connect to it (the Fetch standard's blocked ports)`,
      })
  })
  .transform((v) => v.replace(/\/+$/, ""))
export const country = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, "must be a two-letter country code")
  .transform((v) => v.toUpperCase())
export const positive = z.number().positive("must be greater than 0")
export const optionalText = z.string().trim().optional()

export const addressOptionSchema = z.strictObject({
  company: optionalText.describe("Company name."),
  name: text.describe("Sender name (first and last)."),
  phone: optionalText.describe(
    "Phone, required by carrier-account and cross-border."
  ),
  email: optionalText.describe("Email."),
  addressLines: z
    .array(text)
    .min(1, "needs at least one line")
    .max(3, "has at most three lines")
    .describe("One to three street lines."),
  cityTown: text.describe("City."),
  stateProvince: z
    .string()
    .trim()
    .default("")
    .describe("State or province code; empty where there is none."),
  postalCode: text.describe("Postal code."),
  countryCode: country.describe("Two-letter country code."),
  residential: z.boolean().optional().describe("Residential address."),
})

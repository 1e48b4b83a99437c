import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  ContactUpdateError,
  getSenderContact,
  updateSenderContact,
} from "../../../../orchestration/contact/contact"
import type { AdminUpdateContactType } from "../validators"

/** The sender contact as last saved (or from options.contact before the first update); null when none. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.status(200).json({ contact: (await getSenderContact(req.scope)) ?? null })
}

/** Sends only the fields that differ (partial update) and saves the answer; the service's refusals in words. */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminUpdateContactType>,
  res: MedusaResponse
) {
  try {
    const result = await updateSenderContact(req.scope, req.validatedBody)
    res.status(200).json(result)
  } catch (error) {
    if (error instanceof ContactUpdateError) {
      res.status(error.status).json({
        type:
          error.status === 404
            ? "not_found"
            : error.status === 400
              ? "invalid_data"
              : "shipping_service_error",
        code: error.code,
        message: error.message,
      })
      return
    }
    throw error
  }
}

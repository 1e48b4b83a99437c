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

/**
 * GET /admin/shipping-services/contact
 * The sender contact as last saved (or from options.contact before the first update):
 * `{ contact: { contact_id, id_type, name, company, source, company_follows_store, synced_at } }`,
 * `{ contact: null }` when no contact is configured.
 */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.status(200).json({ contact: (await getSenderContact(req.scope)) ?? null })
}

/**
 * POST /admin/shipping-services/contact  (body: `{ name?, company? }`, at least one)
 * Sends only the fields that differ from the saved contact (doc 3 partial update) and saves the
 * answer: 200 `{ contact, sent, changed }`. The service's refusals in words: 400 (validation,
 * e.g. a duplicate contact name; `code` from the service), 404 (no such contact at the service:
 * check the options), 502 (the service failed or could not be reached).
 */
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

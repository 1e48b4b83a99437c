import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  applyShippingSetup,
  previewShippingSetup,
  SetupNotReadyError,
} from "../../../../orchestration/setup-shipping/setup-shipping"
import { answer } from "../respond"
import {
  AdminSetupShipping,
  parseBody,
  type AdminSetupShippingQueryType,
} from "../validators"

/**
 * GET /admin/shipping-services/setup?location_id=…
 * The preview: per stock location, what the one-action setup would create and what exists
 * (`{ plan }`, src/lib/setup-shipping/types.ts), with what is missing in words. 400 names a bad
 * parameter (src/api/middlewares.ts).
 */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, AdminSetupShippingQueryType>,
  res: MedusaResponse
) {
  await answer(res, async () => ({
    plan: await previewShippingSetup(req.scope, {
      location_ids: req.validatedQuery.location_id,
    }),
  }))
}

/**
 * POST /admin/shipping-services/setup  { location_ids?, flat_amounts? }
 * Plans again and creates what the plan says (`{ applied, plan, created }`); a second run
 * creates nothing. When something is missing: 400 `{ type, message, plan }` and nothing created.
 * A malformed body: 400 naming each field (parsed here, not by Medusa's middleware, so that the
 * field inside flat_amounts is named).
 */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const parsed = parseBody(AdminSetupShipping, req.body)
  if (!parsed.ok) {
    res.status(400).json({ type: "invalid_data", message: parsed.message })
    return
  }
  try {
    const result = await applyShippingSetup(req.scope, parsed.value)
    res.status(result.applied ? 201 : 200).json(result)
  } catch (error) {
    if (error instanceof SetupNotReadyError) {
      res.status(400).json({
        type: error.type,
        message: error.message,
        plan: error.plan,
      })
      return
    }
    await answer(res, () => Promise.reject(error))
  }
}

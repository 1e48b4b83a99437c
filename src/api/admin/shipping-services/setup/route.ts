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

/** The preview: per stock location, what setup would create and what exists, with what is missing in words. */
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
 * Creates what the plan says; a second run creates nothing, a missing piece creates nothing (400 with the plan).
 * The body is parsed here, not by Medusa's middleware, so a field inside flat_amounts is named.
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

import { SOURCE } from "../schemas/common"
import {
  manifestResponseSchema,
  type ManifestResponse,
} from "../schemas/manifest"
import {
  createdShipmentResponseSchema,
  ratesResponseSchema,
  type CreatedShipmentResponse,
  type RatesResponse,
} from "../schemas/shipment"
import { voidResponseSchema, type VoidResponse } from "../schemas/void"
import { violationsFromZod } from "../rules"
import type { z } from "../zod"
import type { Parsed } from "./builder-parts"

// Tolerant of unknown fields, nulls and numbers sent as strings.

function parseWith<S extends z.ZodType>(
  schema: S,
  body: unknown,
  source: string
): Parsed<z.output<S>> {
  const parsed = schema.safeParse(body, { reportInput: true })
  return parsed.success
    ? { ok: true, value: parsed.data }
    : {
        ok: false,
        violations: violationsFromZod(parsed.error, {
          "": { id: "response", source },
        }),
      }
}

/** Create, retry and reprint answers: at least shipmentId. */
export function parseShipmentResponse(
  body: unknown
): Parsed<CreatedShipmentResponse> {
  return parseWith(createdShipmentResponseSchema, body, SOURCE.shipment)
}

export function parseRatesResponse(body: unknown): Parsed<RatesResponse> {
  return parseWith(ratesResponseSchema, body, SOURCE.rates4)
}

export function parseVoidResponse(body: unknown): Parsed<VoidResponse> {
  return parseWith(voidResponseSchema, body, SOURCE.void)
}

export function parseManifestResponse(body: unknown): Parsed<ManifestResponse> {
  return parseWith(manifestResponseSchema, body, SOURCE.manifest)
}

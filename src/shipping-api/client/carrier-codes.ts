import { CARRIERS, type Carrier } from "../constants"
import type { CarrierCodes } from "../rules/types"
import { neutralCarrier, wireCarrier } from "../rules/variant"

// The one place that translates the documents' neutral carrier ids to the service's codes and back
// (doc 4 "Names").

/** Anything else (already a wire value) passes unchanged. */
export function carrierToWire(carrier: string, codes: CarrierCodes): string {
  return (CARRIERS as readonly string[]).includes(carrier)
    ? wireCarrier(carrier as Carrier, codes)
    : carrier
}

/** Unknown values (tracking's label types) pass unchanged. */
export function carrierFromWire(value: string, codes: CarrierCodes): string {
  return neutralCarrier(value, codes) ?? value
}

type Json = Record<string, unknown>

function isObject(v: unknown): v is Json {
  return !!v && typeof v === "object" && !Array.isArray(v)
}

function mapCarriers(
  value: unknown,
  map: (carrier: string) => string
): unknown {
  if (!isObject(value)) return value
  const out: Json = { ...value }
  if (typeof out.carrier === "string") out.carrier = map(out.carrier)
  if (Array.isArray(out.rates)) {
    out.rates = out.rates.map((rate) =>
      isObject(rate) && typeof rate.carrier === "string"
        ? { ...rate, carrier: map(rate.carrier) }
        : rate
    )
  }
  return out
}

export type CarrierMappable = {
  query?: Record<string, string | number | boolean | undefined>
  body?: unknown
}

export function applyCarrierCodes<T extends CarrierMappable>(
  request: T,
  codes: CarrierCodes
): T {
  const toWire = (c: string) => carrierToWire(c, codes)
  const query =
    request.query && typeof request.query.carrier === "string"
      ? { ...request.query, carrier: toWire(request.query.carrier) }
      : request.query
  return { ...request, query, body: mapCarriers(request.body, toWire) }
}

/** What the service answers (used by the sandbox). */
export function wireCarriers<T>(body: T, codes: CarrierCodes): T {
  return mapCarriers(body, (c) => carrierToWire(c, codes)) as T
}

export function neutralCarriers<T>(body: T, codes: CarrierCodes): T {
  return mapCarriers(body, (c) => carrierFromWire(c, codes)) as T
}

import {
  PUERTO_RICO,
  SHIPMENT_OPTION,
  SHIPMENT_TYPES,
  UNITED_STATES,
} from "../constants"
import type { ShipmentDraft } from "./types"

// A rule must never throw on odd input: the schema has already reported it.

type Item<T> = T extends readonly (infer U)[] ? U : never

export function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined
}

export function filled(v: unknown): boolean {
  return typeof v === "string" && v.trim() !== ""
}

export function num(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? v : undefined
}

/** Null or primitives become {} so indices stay right. */
export function list<T>(v: T | undefined): Item<T>[] {
  if (!Array.isArray(v)) return []
  return v.map((e) => (e && typeof e === "object" ? e : {})) as Item<T>[]
}

export function isTrue(v: unknown): boolean {
  return typeof v === "string" ? v.toLowerCase() === "true" : v === true
}

export function upper(v: unknown): string | undefined {
  return typeof v === "string" ? v.toUpperCase() : undefined
}

export function firstRate(s: ShipmentDraft) {
  return list(s.rates)[0]
}

export function serviceId(s: ShipmentDraft): string | undefined {
  return str(firstRate(s)?.serviceId)
}

export function parcelType(s: ShipmentDraft): string | undefined {
  return str(firstRate(s)?.parcelType)
}

export function optionIndex(s: ShipmentDraft, name: string): number {
  return list(s.shipmentOptions).findIndex((o) => o.name === name)
}

/** First occurrence. */
export function option(s: ShipmentDraft, name: string): string | undefined {
  const i = optionIndex(s, name)
  return i < 0 ? undefined : str(list(s.shipmentOptions)[i].value)
}

export function hasOption(s: ShipmentDraft, name: string): boolean {
  return filled(option(s, name))
}

/** A missing one is `shipmentOptions[name=CLIENT_ID]`, so the options check can map it back. */
export function optionPath(s: ShipmentDraft, name: string): string {
  const i = optionIndex(s, name)
  return i < 0 ? `shipmentOptions[name=${name}]` : `shipmentOptions[${i}].value`
}

export function fromCountry(s: ShipmentDraft): string | undefined {
  return str(s.fromAddress?.countryCode)
}

export function toCountry(s: ShipmentDraft): string | undefined {
  return str(s.toAddress?.countryCode)
}

/** Both countries known and different. */
export function isInternational(s: ShipmentDraft): boolean {
  const from = fromCountry(s)
  const to = toCountry(s)
  return !!from && !!to && from !== to
}

export function specialServices(s: ShipmentDraft) {
  return list(firstRate(s)?.specialServices)
}

export function specialServiceIndex(
  s: ShipmentDraft,
  ids: readonly string[]
): number {
  return specialServices(s).findIndex((ss) =>
    ids.includes(str(ss.specialServiceId) ?? "")
  )
}

export function hasSpecialService(
  s: ShipmentDraft,
  ids: readonly string[]
): boolean {
  return specialServiceIndex(s, ids) >= 0
}

export function inputParameter(
  service: { inputParameters?: unknown } | undefined,
  name: string
): { index: number; value: string | undefined; count: number } {
  const params = list(
    service?.inputParameters as
      { name?: unknown; value?: unknown }[] | undefined
  )
  const index = params.findIndex((p) => p.name === name)
  return {
    index,
    value: index < 0 ? undefined : str(params[index].value),
    count: params.filter((p) => p.name === name).length,
  }
}

export function customsItems(s: ShipmentDraft) {
  return list(s.customs?.customsItems)
}

export function documents(s: ShipmentDraft) {
  return list(s.documents)
}

export function deliverySolution(s: ShipmentDraft): string | undefined {
  return option(s, SHIPMENT_OPTION.deliverySolution)
}

export function isReturn(s: ShipmentDraft): boolean {
  return (SHIPMENT_TYPES as readonly (string | undefined)[]).includes(
    upper(s.shipmentType)
  )
}

export function sortedSides(
  s: ShipmentDraft
): [number, number, number] | undefined {
  const d = s.parcel?.dimension
  const sides = [num(d?.length), num(d?.width), num(d?.height)]
  if (sides.some((v) => v === undefined)) return undefined
  return (sides as number[]).sort((a, b) => b - a) as [number, number, number]
}

/** By country code or by state. */
export function isUsToPuertoRico(s: ShipmentDraft): boolean {
  return (
    fromCountry(s) === UNITED_STATES &&
    (toCountry(s) === PUERTO_RICO ||
      str(s.toAddress?.stateProvince) === PUERTO_RICO)
  )
}

import type { z } from "../zod"
import { SOURCE } from "../schemas/common"
import type { Violation } from "../violation"

// `fieldRule` checks carry their id and source; what zod reports itself gets `<resource>.<field>.<kind>`.

export type Resource = { id: string; source: string }
/** Array indices as `[]`; the longest prefix wins. */
export type ResourceTable = Readonly<Record<string, Resource>>

const address: Resource = { id: "address", source: SOURCE.address }

export const SHIPMENT_RESOURCES: ResourceTable = {
  "": { id: "shipment", source: SOURCE.shipment },
  fromAddress: address,
  toAddress: address,
  soldToAddress: address,
  altReturnAddress: address,
  "additionalAddresses[].address": address,
  "domesticShipmentDetails.dcAddress": address,
  additionalAddresses: { id: "additional-address", source: SOURCE.shipment },
  parcel: { id: "parcel", source: SOURCE.parcel },
  rates: { id: "rates", source: SOURCE.rates },
  "rates[].specialServices": { id: "special-service", source: SOURCE.rates },
  documents: { id: "document", source: SOURCE.document },
  shipmentOptions: { id: "shipment-option", source: SOURCE.shipmentOptions },
  customs: { id: "customs", source: SOURCE.shipment },
  "customs.customsInfo": { id: "customs-info", source: SOURCE.customsInfo },
  "customs.customsItems": { id: "customs-item", source: SOURCE.customsItem },
  domesticShipmentDetails: {
    id: "domestic-shipment-details",
    source: SOURCE.domesticShipmentDetails,
  },
  references: { id: "reference", source: SOURCE.references },
  hazmatDetails: { id: "hazmat-details", source: SOURCE.hazmatDetails },
}

export const MANIFEST_RESOURCES: ResourceTable = {
  "": { id: "manifest", source: SOURCE.manifest },
}
export const VOID_RESOURCES: ResourceTable = {
  "": { id: "void", source: SOURCE.void },
}
export const RETRY_RESOURCES: ResourceTable = {
  "": { id: "retry", source: SOURCE.retry },
}

type Issue = z.core.$ZodIssue & {
  input?: unknown
  params?: { rule?: string; source?: string }
}

export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === "number") return `${out}[${key}]`
    return out ? `${out}.${String(key)}` : String(key)
  }, "")
}

function resourceOf(
  path: readonly PropertyKey[],
  table: ResourceTable
): { resource: Resource; field: string } {
  const keys = path.map((k) => (typeof k === "number" ? "[]" : String(k)))
  // The failing key itself is the field: start at its parent.
  for (let n = keys.length - 1; n >= 0; n--) {
    const prefix = keys
      .slice(0, n)
      .join(".")
      .replace(/\.\[\]/g, "[]")
    const resource = table[prefix]
    if (resource) {
      const field = keys
        .slice(n)
        .filter((k) => k !== "[]")
        .join(".")
      return { resource, field }
    }
  }
  return {
    resource: table[""] ?? { id: "request", source: "" },
    field: keys.filter((k) => k !== "[]").join("."),
  }
}

function kindOf(issue: Issue): { kind: string; message: string } {
  switch (issue.code) {
    case "invalid_type":
      // Without reportInput, zod 4's message says "received undefined".
      return (
        "input" in issue
          ? issue.input === undefined
          : /received undefined$/.test(issue.message)
      )
        ? { kind: "required", message: "is required" }
        : {
            kind: "type",
            message: `must be ${issue.expected === "int" ? "an integer" : `a ${issue.expected}`}`,
          }
    case "invalid_value":
      return {
        kind: "enum",
        message: `must be one of ${issue.values.map(String).join(", ")}`,
      }
    case "unrecognized_keys":
      return {
        kind: "unknown-field",
        message: `unknown field(s): ${issue.keys.join(", ")}`,
      }
    default:
      return { kind: "invalid", message: issue.message }
  }
}

export function violationsFromZod(
  error: z.ZodError,
  table: ResourceTable
): Violation[] {
  return (error.issues as Issue[]).map((issue) => {
    const path = formatPath(issue.path)
    if (issue.code === "custom" && issue.params?.rule) {
      return {
        path,
        rule: issue.params.rule,
        message: issue.message,
        source: issue.params.source ?? "",
      }
    }
    const { resource, field } = resourceOf(issue.path, table)
    const { kind, message } = kindOf(issue)
    return {
      path,
      rule: [resource.id, field, kind].filter(Boolean).join("."),
      message,
      source: resource.source,
    }
  })
}

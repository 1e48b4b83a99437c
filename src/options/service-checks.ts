import { usesApacRoot } from "../shipping-api/operations/shipments"
import { z } from "@medusajs/framework/zod"
import {
  POSTAL_WEIGHT_UNIT,
  SERVICE_IDS,
  VARIANTS,
} from "../shipping-api/constants"
import { validateShipmentRequest } from "../shipping-api/rules"
import type { Violation } from "../shipping-api/violation"
import type { PluginOptions, ServiceOption } from "./schema"
import {
  serviceRequestParts,
  shipmentOptionSource,
  type OptionPath,
  type ServiceRequestParts,
} from "./service-request"

/** Rules decided by the options alone: an option breaking one could never buy a label, so boot stops. */
export const OPTION_RULE_IDS: readonly string[] = [
  "rates.serviceId.known",
  "rates.parcelType.pkg",
  "shipment-options.SHIPPER_ID.required",
  "shipment-options.standard.facilities",
  "shipment-options.standard.return-client-id",
  "shipment-options.DELIVERY_SOLUTION.required",
  "shipment-options.DELIVERY_SOLUTION.origin",
  "shipment-options.cross-border.standard-label-client-ids",
  "shipment-options.cross-border.carrier-facility",
  "shipment-options.CLIENT_ID.not-with-client-label",
  "shipment-options.ADD_TO_MANIFEST.letters-flats",
  // the plugin never has a first-mile tracking number for a hub drop-off
  "domestic-shipment-details.cross-border.hub-drop-off",
  "address.carrier-account.origin",
  "address.cross-border.origin",
  "rates.serviceId.cross-border-origin",
  "documents.QR_CODE.shape",
  "documents.QR_CODE.expedited-only",
  "documents.GIF.qr-code-only",
  "documents.expedited.base64-formats",
  "documents.expedited.letter-flat-4x6",
  "special-services.non-trackable-service",
  "special-services.hazmat.exclusive",
  "special-services.hazmat.HAZMAT_TYPE",
  "special-services.hazmat.standard-uses-hazmatDetails",
  "special-services.INS.INPUT_VALUE",
  "special-services.NOTIFICATIONS.standard-only",
  "special-services.NOTIFICATIONS.type",
  "special-services.NOTIFICATIONS.email",
  "special-services.NOTIFICATIONS.phone",
  // Asia-Pacific standard delivery needs a regional carrier no option gives
  "query.carrier.apac",
  "shipment-options.standard.custom-message-1-not-printed",
]

export type OptionProblem = { path: OptionPath; message: string; rule: string }

type OptionsLike = Pick<PluginOptions, "services" | "shipper" | "origin">

function optionPathOf(
  v: Violation,
  parts: ServiceRequestParts,
  i: number
): OptionPath {
  const service: OptionPath = ["services", i]
  const path = v.path
  let m: RegExpMatchArray | null
  if ((m = path.match(/^shipmentOptions\[(\d+)\]/)))
    return parts.shipmentOptionSources[Number(m[1])] ?? service
  if ((m = path.match(/^shipmentOptions\[name=([^\]]+)\]$/)))
    return shipmentOptionSource(m[1]!, i) ?? service
  if (path === "rates[0].serviceId") return [...service, "serviceId"]
  if (path === "rates[0].parcelType") return [...service, "parcelType"]
  if (path === "rates[0].carrier") return [...service, "variant"]
  if ((m = path.match(/^rates\[0\]\.specialServices(.*)$/)))
    return [...service, "specialServices", ...pathKeys(m[1]!)]
  if ((m = path.match(/^documents(?:\[0\])?(?:\.(\w+))?$/)))
    return [...service, "label", ...(m[1] ? [m[1]] : [])]
  if (path === "fromAddress.countryCode") return ["origin", "countryCode"]
  if (path.startsWith("domesticShipmentDetails"))
    return [...service, "deliverySolution"]
  if (path === "query.carrier") return [...service, "apac"]
  if (path === "shipmentType") return [...service, "isReturn"]
  return service
}

function pathKeys(rest: string): OptionPath {
  return [...rest.matchAll(/\[(\d+)\]|\.?([^.[\]]+)/g)].map((m) =>
    m[1] !== undefined ? Number(m[1]) : m[2]!
  )
}

function draftOf(parts: ServiceRequestParts, options: OptionsLike) {
  const { shipmentOptionSources: _sources, ...fromOptions } = parts
  return {
    fromAddress: { countryCode: options.origin?.countryCode },
    toAddress: {},
    parcel: { weight: { weight: 1, unitOfMeasurement: POSTAL_WEIGHT_UNIT } },
    ...fromOptions,
  }
}

/** Defensive: it also runs on options other checks refused, so one message lists every problem. */
export function serviceOptionProblems(options: OptionsLike): {
  errors: OptionProblem[]
  warnings: OptionProblem[]
} {
  const errors: OptionProblem[] = []
  const warnings: OptionProblem[] = []
  const services = Array.isArray(options.services) ? options.services : []
  services.forEach((service: ServiceOption, i) => {
    if (
      !service ||
      typeof service !== "object" ||
      !(VARIANTS as readonly unknown[]).includes(service.variant)
    )
      return
    // Cross-border special services are ignored (doc 2 Rates), so INS would insure nothing.
    if (service.insurance && service.variant === "cross-border")
      errors.push({
        path: ["services", i, "insurance"],
        message:
          "cross-border requests ignore special services (doc 2, Rates): this parcel would not be insured [options.insurance.cross-border]",
        rule: "options.insurance.cross-border",
      })
    errors.push(...rateShoppingProblems(service, i))
    let parts: ServiceRequestParts
    try {
      parts = serviceRequestParts(service, options, !!service.isReturn, i)
    } catch {
      return // a shape other checks have already reported
    }
    const checked = validateShipmentRequest(draftOf(parts, options), {
      apac: usesApacRoot(service.variant, { apac: service.apac === true }),
      query: {},
    })
    const named = (v: Violation): OptionProblem => {
      const path = optionPathOf(v, parts, i)
      const inService = path[0] === "services" && path[1] === i
      const who = inService ? "" : ` (services[${i}] "${String(service.id)}")`
      return { path, message: `${v.message}${who} [${v.rule}]`, rule: v.rule }
    }
    const ours = (v: Violation) => OPTION_RULE_IDS.includes(v.rule)
    if (!checked.ok) errors.push(...checked.violations.filter(ours).map(named))
    warnings.push(...checked.warnings.filter(ours).map(named))
  })
  return { errors: unique(errors), warnings: unique(warnings) }
}

/** `among` may name only services of the option's own variant (doc 4: "every service of that carrier"). */
function rateShoppingProblems(
  service: ServiceOption,
  i: number
): OptionProblem[] {
  const among: unknown = service.rateShopping?.among
  if (!Array.isArray(among)) return []
  const rule = "options.rateShopping.among"
  const own = SERVICE_IDS[service.variant]
  return among.flatMap((id: unknown, j) => {
    if (typeof id !== "string" || own.includes(id)) return []
    const other = VARIANTS.find((v) => SERVICE_IDS[v].includes(id))
    const what = other
      ? `is a ${other} service, not ${service.variant}`
      : "is not a service of the documents"
    return [
      {
        path: ["services", i, "rateShopping", "among", j],
        message: `"${id}" ${what}: rate shopping chooses among one variant's services (${own.join(", ")}) [${rule}]`,
        rule,
      },
    ]
  })
}

function unique(problems: OptionProblem[]): OptionProblem[] {
  const seen = new Set<string>()
  return problems.filter((p) => {
    const key = `${JSON.stringify(p.path)}\u0000${p.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Runs even when other fields failed, so boot lists every problem; already-reported paths are skipped. */
export function optionRulesCheck() {
  return z.core._check<Record<string, unknown>>(
    (payload) => {
      const value = payload.value as OptionsLike
      const key = (path: readonly PropertyKey[]) =>
        path.map(String).join("\u0000")
      // An unknown key is reported at its own path; a wrong type also covers what is inside.
      const reported = payload.issues.flatMap((i) =>
        i.code === "unrecognized_keys"
          ? i.keys.map((k) => ({
              path: key([...(i.path ?? []), k]),
              container: false,
            }))
          : [{ path: key(i.path ?? []), container: i.code === "invalid_type" }]
      )
      const overlaps = (path: string) =>
        reported.some(
          (r) =>
            r.path === path ||
            r.path.startsWith(`${path}\u0000`) ||
            (r.container && path.startsWith(`${r.path}\u0000`))
        )
      for (const problem of serviceOptionProblems(value).errors) {
        if (overlaps(key(problem.path))) continue
        payload.issues.push({
          code: "custom",
          path: problem.path,
          message: problem.message,
          input: undefined,
          params: { rule: problem.rule },
        })
      }
    },
    { when: (payload) => !!payload.value && typeof payload.value === "object" }
  )
}

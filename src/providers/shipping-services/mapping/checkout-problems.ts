import type { PlanProblem } from "./plan"

/** A broken rule translated back to the cart field, in shopper's words, with the rule for the merchant's logs. */
export type CheckoutProblem = {
  /** E.g. `shipping_address.phone`, `items`, `metadata.importer_customs_reference`. */
  field: string
  /** The cart's line items concerned (item problems). */
  item_ids?: string[]
  message: string
  /** Who can fix it: the shopper (address, quantities) or only the merchant (catalog, settings). */
  fix: "customer" | "merchant"
  /** The rule's id and own words, for the merchant's logs. */
  rule: string
  detail: string
}

export type CheckoutLine = { id: string; title: string }

/** Doc 2 Address fields to Medusa's, and what a shopper is asked to do. */
const ADDRESS_FIELDS: Record<
  string,
  { field: string; missing: string; invalid: string }
> = {
  name: {
    field: "first_name",
    missing: "Add the recipient's first and last name",
    invalid: "Check the recipient's name",
  },
  company: {
    field: "company",
    missing: "Add a company or the recipient's name",
    invalid: "Check the company name",
  },
  phone: {
    field: "phone",
    missing: "Add a phone number: the carrier needs one for this service",
    invalid: "Check the phone number",
  },
  email: {
    field: "email",
    missing: "Add an email address",
    invalid: "Check the email address",
  },
  addressLines: {
    field: "address_1",
    missing: "Add a street address",
    invalid: "Check the street address",
  },
  cityTown: {
    field: "city",
    missing: "Add a city",
    invalid: "Check the city",
  },
  stateProvince: {
    field: "province",
    missing: "Add a state or province: the carrier needs one for this country",
    invalid: "Check the state or province",
  },
  postalCode: {
    field: "postal_code",
    missing: "Add a postal code",
    invalid: "Check the postal code",
  },
  countryCode: {
    field: "country_code",
    missing: "Add a country",
    invalid: "This shipping option does not ship to this country",
  },
  residential: {
    field: "company",
    missing: "Check the address",
    invalid: "Check the address",
  },
}

/** Rules whose words are better said otherwise to a shopper. */
const RULE_MESSAGES: Record<
  string,
  Omit<CheckoutProblem, "rule" | "detail">
> = {
  "address.cross-border.name-first-last": {
    field: "shipping_address.last_name",
    message:
      "Add the recipient's last name: the carrier needs a first and a last name",
    fix: "customer",
  },
  "address.cross-border.canada-stateProvince": {
    field: "shipping_address.province",
    message: "Add a province: the carrier needs one for Canada",
    fix: "customer",
  },
  "address.standard.domestic": {
    field: "shipping_address.country_code",
    message: "This shipping option delivers within the country only",
    fix: "customer",
  },
  "address.cross-border.destination-abroad": {
    field: "shipping_address.country_code",
    message: "This shipping option is for deliveries abroad only",
    fix: "customer",
  },
  "customs-info.importerCustomsReference.eu-required": {
    field: "metadata.importer_customs_reference",
    message:
      "Add your VAT or IOSS number: customs in this country need it for this service",
    fix: "customer",
  },
  "customs-info.importerCustomsReference.brazil-required": {
    field: "metadata.importer_customs_reference",
    message: "Add your tax id (CPF or CNPJ): customs in Brazil need it",
    fix: "customer",
  },
  "customs-info.importerCustomsReference.not-swiss-vat": {
    field: "metadata.importer_customs_reference",
    message:
      "A Swiss VAT number cannot be given as the importer's reference: remove it",
    fix: "customer",
  },
  "customs-info.importerCustomsReferenceType.with-vat-or-ioss": {
    field: "metadata.importer_customs_reference_type",
    message:
      "Say whether your customs reference is a VAT or an IOSS number (VAT_NUMBER or IOSS_NUMBER)",
    fix: "customer",
  },
  "customs-item.quantity.expedited-max": {
    field: "items",
    message: "At most 9,999 of one item can ship with this option",
    fix: "customer",
  },
}

/**
 * `direction` says whose address the customer gave. A problem only the merchant can fix names the item that
 * cannot ship, never what is missing in the catalog.
 */
export function checkoutProblemsOf(
  problems: readonly PlanProblem[],
  ctx: {
    lines: readonly CheckoutLine[]
    serviceName: string
    direction?: "outbound" | "return"
  }
): CheckoutProblem[] {
  const customer =
    (ctx.direction ?? "outbound") === "outbound" ? "toAddress" : "fromAddress"
  const titles = new Map(ctx.lines.map((l) => [l.id, l.title]))
  const out: CheckoutProblem[] = []
  for (const p of problems) {
    const base = { rule: p.rule, detail: p.message }
    const items = p.line_ids.length ? { item_ids: [...p.line_ids] } : {}
    const named = RULE_MESSAGES[p.rule]
    if (named) {
      out.push({ ...named, ...items, ...base })
      continue
    }
    const address = new RegExp(`^${customer}\\.([A-Za-z]+)`).exec(p.path)
    if (address) {
      const known = ADDRESS_FIELDS[address[1]]
      if (known) {
        const missing =
          /required|missing/.test(p.rule) || /required/i.test(p.message)
        out.push({
          field:
            known.field === "email"
              ? "email"
              : `shipping_address.${known.field}`,
          message: missing ? known.missing : known.invalid,
          fix: "customer",
          ...base,
        })
        continue
      }
    }
    if (p.path === "customs.customsItems" && p.line_ids.length > 1) {
      out.push({
        field: "items",
        message: `${ctx.serviceName} takes at most 30 different products in one parcel: remove some, or place two orders`,
        fix: "customer",
        ...items,
        ...base,
      })
      continue
    }
    if (p.line_ids.length) {
      out.push({
        field: "items",
        message: linesCannotShipWords(
          p.line_ids.map((id) => titles.get(id) ?? id),
          ctx.serviceName
        ),
        fix: "merchant",
        ...items,
        ...base,
      })
      continue
    }
    // Store settings (origin, options, facilities): nothing the shopper can change.
    out.push({
      field: "shipping_method",
      message: `${ctx.serviceName} is not available for this order: choose another shipping option`,
      fix: "merchant",
      ...base,
    })
  }
  return dedupeProblems(out)
}

/** The merchant's to fix. */
export function linesCannotShipWords(
  titles: readonly string[],
  serviceName: string
): string {
  const names = titles.map((t) => `"${t}"`)
  return `${names.join(", ")} cannot be shipped with ${serviceName}: choose another shipping option, or remove ${names.length > 1 ? "them" : "it"}`
}

/** Several rules about one phone number say it once. */
export function dedupeProblems(problems: CheckoutProblem[]): CheckoutProblem[] {
  const seen = new Set<string>()
  return problems.filter((p) => {
    const key = `${p.field}|${(p.item_ids ?? []).join(",")}|${p.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** One sentence: the storefront shows Medusa's error message as is. */
export function checkoutRefusalMessage(
  serviceName: string,
  problems: readonly CheckoutProblem[]
): string {
  return `${serviceName} cannot ship this cart: ${problems.map((p) => p.message).join("; ")}`
}

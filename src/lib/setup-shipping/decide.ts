import { flatAmountFor, hasFlatAmount } from "./flat-amounts"
import { upper, uniq } from "./words"
import type { Draft } from "./draft"
import type { OptionPlan, ProbeAnswers, SetupInput } from "./types"

export function decide(
  draft: Draft,
  answers: ProbeAnswers,
  input: SetupInput,
  currencies: Map<string, string>
): OptionPlan {
  const { service, lane } = draft
  // Store visibility is decided over every location at once.
  const base = {
    service: service.id,
    name: service.name,
    is_return: service.isReturn,
    lane,
    in_store: null,
  }
  if (draft.decided)
    return {
      ...base,
      ...draft.decided,
      prices: [],
      amounts_needed: [],
      rate_currency: null,
    }
  const question = draft.question!
  const answer = answers.get(question.key) ?? {
    ok: false as const,
    message: "it was not asked",
  }
  const needed = uniq(draft.countries.map((c) => currencies.get(c)!)).sort()
  const typed = input.flat_amounts ?? []
  let reason: string
  let rateCurrency: string | null = null
  if (!answer.ok) {
    reason = `the rates operation gave no price from ${question.from_country} to ${question.to_country} (${answer.message}), so its price cannot be calculated`
  } else {
    const rated = answer.rated.find((r) => r.service_id === service.serviceId)
    if (!rated)
      return {
        ...base,
        status: "not_offered",
        id: null,
        countries: [],
        price_type: null,
        prices: [],
        amounts_needed: [],
        rate_currency: null,
        reason: `the service rates no ${service.serviceId} from ${question.from_country} to ${question.to_country} (it rates ${answer.rated.map((r) => r.service_id).join(", ") || "nothing"} there)`,
      }
    rateCurrency = rated.currency?.toLowerCase() ?? null
    if (hasFlatAmount(typed, service.id, lane, needed)) {
      reason = "a flat amount was typed for it"
    } else if (rateCurrency && needed.some((c) => c !== rateCurrency)) {
      const others = needed.filter((c) => c !== rateCurrency).map(upper)
      reason = needed.includes(rateCurrency)
        ? `the service prices it in ${upper(rateCurrency)}, and some of its countries are in regions in ${others.join(", ")}: a calculated price works in ${upper(rateCurrency)} only`
        : `the service prices it in ${upper(rateCurrency)} and no region of its countries is in ${upper(rateCurrency)}: add a region in ${upper(rateCurrency)} to calculate its price, or type a flat amount in ${others.join(", ")}`
    } else {
      return {
        ...base,
        status: "create",
        id: null,
        countries: draft.countries,
        price_type: "calculated",
        prices: [],
        amounts_needed: [],
        rate_currency: rateCurrency,
        reason: null,
      }
    }
  }
  const prices: OptionPlan["prices"] = []
  const amountsNeeded: string[] = []
  for (const currency of needed) {
    const amount = flatAmountFor(typed, service.id, lane, currency)
    if (amount === undefined) amountsNeeded.push(currency)
    else prices.push({ currency_code: currency, amount })
  }
  return {
    ...base,
    status: "create",
    id: null,
    countries: draft.countries,
    price_type: "flat",
    prices,
    amounts_needed: amountsNeeded,
    rate_currency: rateCurrency,
    reason,
  }
}

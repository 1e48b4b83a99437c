import { formatMoney } from "../../lib/format"
import type { ShipmentView } from "../../lib/types"

/** How a rate-shopping option chose this label's service: the services compared and the saving. */
export function RateChoiceSummary({
  choice,
}: {
  choice: NonNullable<ShipmentView["rate_choice"]>
}) {
  const chosen = choice.compared.find(
    (c) => c.service_id === choice.chosen_service_id
  )
  const late =
    !!choice.promised_date &&
    !!chosen?.delivery_date &&
    chosen.delivery_date > choice.promised_date
  return (
    <div className="flex flex-col gap-y-1" data-testid="rate-choice">
      <span>
        {choice.chosen_service_id}, the {choice.strategy} of{" "}
        {choice.compared.length}
        {choice.promised_date
          ? late
            ? `: none kept the promise of ${choice.promised_date}, so the service that made it`
            : ` keeping the promise of ${choice.promised_date}`
          : ""}
        {choice.saving !== null &&
        choice.chosen_service_id !== choice.default_service_id ? (
          <span data-testid="rate-choice-saving">
            {" "}
            · saved {formatMoney(choice.saving, choice.currency)} against{" "}
            {choice.default_service_id}
          </span>
        ) : null}
      </span>
      <table className="txt-compact-xsmall text-ui-fg-subtle">
        <tbody>
          {choice.compared.map((c) => (
            <tr
              key={c.service_id}
              data-testid="rate-choice-service"
              data-service-id={c.service_id}
            >
              <td className="pr-3 font-medium">{c.service_id}</td>
              <td className="pr-3">{formatMoney(c.amount, c.currency)}</td>
              <td className="pr-3">
                {c.delivery_date ? `by ${c.delivery_date}` : "no date"}
              </td>
              <td>
                {c.service_id === choice.chosen_service_id ? (
                  <span className="font-medium text-ui-fg-base">bought</span>
                ) : (
                  (c.refused ?? "not chosen")
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

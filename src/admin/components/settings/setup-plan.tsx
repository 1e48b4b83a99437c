import { Badge, Input, Table, Text } from "@medusajs/ui"
import type { LocationPlan, OptionPlan } from "../../lib/types"

const LANE: Record<OptionPlan["lane"], string> = {
  domestic: "Domestic",
  "cross-border": "Cross-border",
}

const STATUS: Record<
  OptionPlan["status"],
  { label: string; color: "green" | "grey" | "orange" }
> = {
  create: { label: "Will create", color: "green" },
  exists: { label: "Set up", color: "grey" },
  foreign: { label: "Yours, kept", color: "orange" },
  not_offered: { label: "Not offered", color: "grey" },
}

const upper = (c: string) => c.toUpperCase()

/** Amounts are per service, lane and currency, not per location. */
export const amountKey = (service: string, lane: string, currency: string) =>
  `${service}|${lane}|${currency}`

/** Major units, as Medusa's prices. */
export function parseAmount(text: string | undefined): number | undefined {
  if (text === undefined || !text.trim()) return undefined
  const n = Number(text.replace(",", "."))
  return Number.isFinite(n) && n >= 0 && n <= 1_000_000 ? n : undefined
}

function Price({
  option,
  amounts,
  onAmount,
}: {
  option: OptionPlan
  amounts: Record<string, string>
  onAmount: (key: string, value: string) => void
}) {
  if (option.status !== "create") return <>–</>
  if (option.price_type === "calculated")
    return (
      <>
        Calculated
        {option.rate_currency ? ` (${upper(option.rate_currency)})` : ""}
      </>
    )
  return (
    <div className="flex flex-col gap-y-1">
      {option.prices.map((p) => (
        <span key={p.currency_code}>
          {p.amount} {upper(p.currency_code)}
        </span>
      ))}
      {option.amounts_needed.map((currency) => {
        const key = amountKey(option.service, option.lane, currency)
        const value = amounts[key] ?? ""
        const invalid = !!value.trim() && parseAmount(value) === undefined
        return (
          <div key={currency} className="flex items-center gap-x-2">
            <Input
              size="small"
              className="w-24"
              inputMode="decimal"
              placeholder="0.00"
              aria-label={`Flat amount for ${option.name} (${LANE[option.lane].toLowerCase()}) in ${upper(currency)}`}
              aria-invalid={invalid}
              value={value}
              onChange={(e) => onAmount(key, e.target.value)}
              data-testid={`setup-amount-${option.service}-${option.lane}-${currency}`}
            />
            <Text size="small">{upper(currency)}</Text>
          </div>
        )
      })}
      {option.reason && (
        <Text size="xsmall" className="text-ui-fg-subtle max-w-xs">
          Flat: {option.reason}
        </Text>
      )}
    </div>
  )
}

export function LocationPlanView({
  location,
  providerId,
  amounts,
  onAmount,
}: {
  location: LocationPlan
  providerId: string
  amounts: Record<string, string>
  onAmount: (key: string, value: string) => void
}) {
  const act = (a: "create" | "exists") =>
    a === "create" ? "will link" : "linked"
  return (
    <div
      className="flex flex-col gap-y-3"
      data-testid="setup-location"
      data-location-id={location.id}
    >
      <div>
        <Text size="small" weight="plus">
          {location.name}
          {location.country_code ? ` (${upper(location.country_code)})` : ""}
        </Text>
        <Text size="xsmall" className="text-ui-fg-subtle">
          Provider {providerId}: {act(location.provider_link)}
          {location.sales_channel_link &&
            ` · sales channel: ${act(location.sales_channel_link.action)}`}
          {location.fulfillment_set &&
            ` · fulfillment set “${location.fulfillment_set.name}”: ${location.fulfillment_set.action === "create" ? "will create" : "exists"}`}
        </Text>
        {location.zones.map((z) => (
          <Text
            key={z.lane}
            size="xsmall"
            className="text-ui-fg-subtle"
            data-testid="setup-zone"
          >
            {LANE[z.lane]} zone “{z.name}”: {z.countries.map(upper).join(", ")}{" "}
            — {z.action === "create" ? "will create" : "exists"}
            {z.add_countries.length
              ? `, will add ${z.add_countries.map(upper).join(", ")}`
              : ""}
          </Text>
        ))}
      </div>
      {location.options.length > 0 && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Service</Table.HeaderCell>
              <Table.HeaderCell>Lane</Table.HeaderCell>
              <Table.HeaderCell>Price</Table.HeaderCell>
              <Table.HeaderCell>Status</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {location.options.map((o) => (
              <Table.Row
                key={`${o.service}|${o.lane}`}
                data-testid="setup-option"
                data-service={o.service}
                data-lane={o.lane}
                data-status={o.status}
              >
                <Table.Cell>
                  {o.name} {o.is_return && <Badge size="2xsmall">return</Badge>}
                  <div className="text-ui-fg-subtle txt-compact-xsmall">
                    {o.service}
                  </div>
                </Table.Cell>
                <Table.Cell>
                  {LANE[o.lane]}
                  {o.countries.length > 0 && (
                    <div className="text-ui-fg-subtle txt-compact-xsmall">
                      {o.countries.map(upper).join(", ")}
                    </div>
                  )}
                </Table.Cell>
                <Table.Cell className="align-top py-2">
                  <Price option={o} amounts={amounts} onAmount={onAmount} />
                </Table.Cell>
                <Table.Cell className="align-top py-2">
                  <Badge size="2xsmall" color={STATUS[o.status].color}>
                    {STATUS[o.status].label}
                  </Badge>
                  {o.status === "create" && o.in_store === false && (
                    <div
                      className="text-ui-fg-subtle txt-compact-xsmall max-w-xs whitespace-normal"
                      data-testid="setup-option-admin-only"
                    >
                      Admin only: shoppers see this service from another
                      warehouse
                    </div>
                  )}
                  {o.status !== "create" && o.reason && (
                    <div className="text-ui-fg-subtle txt-compact-xsmall max-w-xs whitespace-normal">
                      {o.reason}
                    </div>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </div>
  )
}

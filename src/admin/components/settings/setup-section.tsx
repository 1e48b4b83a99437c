import { Button, Label, Select, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { useApplySetup, useSetupPreview } from "../../lib/api"
import { errorMessage } from "../../lib/format"
import type { FlatAmount, SetupApplyResult, SetupPlan } from "../../lib/types"
import { QueryBody, Section } from "./section"
import { amountKey, LocationPlanView, parseAmount } from "./setup-plan"

const ALL = "all"

function typedAmounts(plan: SetupPlan, amounts: Record<string, string>) {
  const flat: FlatAmount[] = []
  let complete = true
  const seen = new Set<string>()
  for (const o of plan.locations.flatMap((l) => l.options))
    for (const currency of o.amounts_needed) {
      const key = amountKey(o.service, o.lane, currency)
      if (seen.has(key)) continue
      seen.add(key)
      const amount = parseAmount(amounts[key])
      if (amount === undefined) complete = false
      else
        flat.push({
          service: o.service,
          lane: o.lane,
          currency_code: currency,
          amount,
        })
    }
  return { flat, complete }
}

function createdWords(r: SetupApplyResult): string {
  const c = r.created
  if (!c) return "Nothing to create: everything was set up already."
  return `Created ${c.shipping_option_ids.length} shipping option(s), ${c.service_zone_ids.length} service zone(s), ${c.fulfillment_set_ids.length} fulfillment set(s) and ${c.links} link(s)${c.geo_zone_ids.length ? `; added ${c.geo_zone_ids.length} countr${c.geo_zone_ids.length === 1 ? "y" : "ies"} to zones` : ""}.`
}

/** A preview first; applying again creates nothing, and options made by hand are never changed. */
export function SetupSection() {
  const [location, setLocation] = useState(ALL)
  const [amounts, setAmounts] = useState<Record<string, string>>({})
  const [result, setResult] = useState<SetupApplyResult | null>(null)
  const all = useSetupPreview(null)
  const preview = useSetupPreview(location === ALL ? null : location)
  const apply = useApplySetup()
  const plan = preview.data?.plan
  const locations = all.data?.plan.locations ?? []

  const typed = plan ? typedAmounts(plan, amounts) : null
  const total = plan
    ? Object.values(plan.to_create).reduce((a, b) => a + b, 0)
    : 0
  const canApply =
    !!plan &&
    !!typed &&
    plan.blocking.length === 0 &&
    typed.complete &&
    total > 0

  const onApply = () => {
    if (!plan || !typed) return
    apply.mutate(
      {
        ...(location === ALL ? {} : { location_ids: [location] }),
        ...(typed.flat.length ? { flat_amounts: typed.flat } : {}),
      },
      {
        onSuccess: (r) => {
          setResult(r)
          toast.success("Shipping is set up", { description: createdWords(r) })
        },
        onError: (e) =>
          toast.error("Nothing was set up", { description: errorMessage(e) }),
      }
    )
  }

  return (
    <Section
      title="Set up shipping"
      description="Creates what shoppers need from the enabled services: the provider on the stock location, a shipping set, a zone per lane (domestic, cross-border) and one option per service. Review it, then apply; running it again creates nothing, and options made by hand are left as they are."
      testId="setup-section"
      actions={
        <Button
          size="small"
          onClick={onApply}
          disabled={!canApply}
          isLoading={apply.isPending}
          data-testid="setup-apply"
        >
          Set up shipping
        </Button>
      }
    >
      <div className="flex flex-col gap-y-4">
        {locations.length > 1 && (
          <div className="flex items-center gap-x-3">
            <Label size="small">Stock location</Label>
            <div className="w-64">
              <Select
                size="small"
                value={location}
                onValueChange={(v) => {
                  setLocation(v)
                  setResult(null)
                }}
              >
                <Select.Trigger data-testid="setup-location-select">
                  <Select.Value />
                </Select.Trigger>
                <Select.Content>
                  <Select.Item value={ALL}>All stock locations</Select.Item>
                  {locations.map((l) => (
                    <Select.Item key={l.id} value={l.id}>
                      {l.name}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            </div>
          </div>
        )}
        <QueryBody
          query={{ data: plan, isError: preview.isError, error: preview.error }}
        >
          {(plan) => (
            <>
              {plan.blocking.length > 0 && (
                <div
                  data-testid="setup-missing"
                  className="flex flex-col gap-y-1"
                >
                  <Text size="small" weight="plus" className="text-ui-fg-error">
                    Missing before anything can be set up
                  </Text>
                  {plan.blocking.map((m) => (
                    <Text key={m} size="small" className="text-ui-fg-error">
                      {m}
                    </Text>
                  ))}
                </div>
              )}
              {plan.locations.map((l) => (
                <LocationPlanView
                  key={l.id}
                  location={l}
                  providerId={plan.provider_id}
                  amounts={amounts}
                  onAmount={(key, value) =>
                    setAmounts((a) => ({ ...a, [key]: value }))
                  }
                />
              ))}
              {plan.notes.length > 0 && (
                <div
                  data-testid="setup-notes"
                  className="flex flex-col gap-y-1"
                >
                  {plan.notes.map((n) => (
                    <Text key={n} size="xsmall" className="text-ui-fg-subtle">
                      {n}
                    </Text>
                  ))}
                </div>
              )}
              <Text
                size="small"
                className="text-ui-fg-subtle"
                data-testid="setup-summary"
              >
                {total === 0
                  ? "Everything is set up: nothing to create."
                  : `Will create ${plan.to_create.shipping_options} shipping option(s), ${plan.to_create.service_zones} zone(s), ${plan.to_create.fulfillment_sets} fulfillment set(s), ${plan.to_create.provider_links + plan.to_create.sales_channel_links} link(s)${plan.to_create.shipping_profile ? " and the default shipping profile" : ""}.`}
                {typed && !typed.complete && plan.blocking.length === 0
                  ? " Type the flat amounts asked for above first."
                  : ""}
              </Text>
            </>
          )}
        </QueryBody>
        {result && (
          <Text
            size="small"
            className="text-ui-fg-interactive"
            data-testid="setup-result"
          >
            {createdWords(result)}
          </Text>
        )}
      </div>
    </Section>
  )
}

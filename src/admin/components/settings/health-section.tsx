import { Badge, Text } from "@medusajs/ui"
import { useHealth } from "../../lib/api"
import { formatDateTime } from "../../lib/format"
import type { HealthItem, HealthStatus } from "../../lib/types"
import { KeyValue, QueryBody, Section } from "./section"

const BADGE: Record<
  HealthStatus,
  { color: "green" | "orange" | "red"; text: string }
> = {
  ok: { color: "green", text: "OK" },
  warning: { color: "orange", text: "Warning" },
  critical: { color: "red", text: "Act now" },
}

const ISO = /^\d{4}-\d{2}-\d{2}T/

function Value({ value }: { value: string | number | null }) {
  if (value === null) return <>–</>
  if (typeof value === "string" && ISO.test(value)) {
    const [at, rest] = value.split(" (")
    return (
      <>
        {formatDateTime(at!)}
        {rest ? ` (${rest}` : ""}
      </>
    )
  }
  return <>{value}</>
}

function Item({ item }: { item: HealthItem }) {
  const badge = BADGE[item.status]
  return (
    <div
      className="flex flex-col gap-y-2 py-3"
      data-testid={`health-${item.key}`}
      data-status={item.status}
    >
      <div className="flex items-center justify-between gap-x-4">
        <Text size="small" weight="plus">
          {item.title}
        </Text>
        <Badge size="2xsmall" color={badge.color}>
          {badge.text}
        </Badge>
      </div>
      <Text size="small" className="text-ui-fg-subtle">
        {item.summary}
      </Text>
      <div>
        {item.figures.map((f) => (
          <KeyValue key={f.label} label={f.label}>
            <Value value={f.value} />
          </KeyValue>
        ))}
      </div>
      {item.action && (
        <Text
          size="small"
          className="text-ui-fg-base rounded-md bg-ui-bg-subtle px-3 py-2"
          data-testid={`health-${item.key}-action`}
        >
          What to do: {item.action}
        </Text>
      )}
    </div>
  )
}

export function HealthSection() {
  const { data, isError, error } = useHealth()
  const health = data?.health
  return (
    <Section
      title="Health"
      description="The last hour of the plugin's work, checked every minute. The same figures are exported as OpenTelemetry metrics, and alerts go out as the shipping-services.alert event."
      testId="health-section"
      actions={
        health && (
          <Badge size="small" color={BADGE[health.status].color}>
            {BADGE[health.status].text}
          </Badge>
        )
      }
    >
      <QueryBody
        keepOnError
        query={{ data: health, isError: isError, error: error }}
      >
        {(health) => (
          <div className="divide-y">
            {health.items.map((item) => (
              <Item key={item.key} item={item} />
            ))}
          </div>
        )}
      </QueryBody>
    </Section>
  )
}

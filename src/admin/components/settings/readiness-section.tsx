import { Text } from "@medusajs/ui"
import { useReadiness } from "../../lib/api"
import { ReadinessTable } from "../readiness/readiness-table"
import { QueryBody, Section } from "./section"

/** Checkout refuses these items with that service, so the merchant sees them first. */
export function ReadinessSection() {
  const { data, isError, error } = useReadiness()
  return (
    <Section
      title="Products that cannot ship"
      description="Each variant checked against every configured service, as checkout checks a cart. Checkout refuses these items with the services named; fill in what is missing on the product or variant (or set defaultParcel, boxes)."
      testId="readiness-section"
    >
      <QueryBody query={{ data, isError, error }}>
        {(data) =>
          !data.variants.length ? (
            <Text size="small" className="text-ui-fg-subtle">
              All {data.checked} variants can ship with every configured
              service.
            </Text>
          ) : (
            <div className="flex flex-col gap-y-3">
              <Text size="small" data-testid="readiness-summary">
                {data.cannot_ship} of {data.checked} variants cannot ship with
                some service
                {data.variants.length > data.cannot_ship
                  ? `; ${data.variants.length - data.cannot_ship} more have advice`
                  : ""}
                .
              </Text>
              <ReadinessTable variants={data.variants} />
            </div>
          )
        }
      </QueryBody>
    </Section>
  )
}

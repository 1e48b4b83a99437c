import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminProduct, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, Text } from "@medusajs/ui"
import { useReadiness } from "../lib/api"
import { errorMessage } from "../lib/format"
import { ReadinessTable } from "../components/readiness/readiness-table"

/** On the product page: which of its variants the configured services cannot ship, and why. */
const ProductReadinessWidget = ({
  data: product,
}: DetailWidgetProps<AdminProduct>) => {
  const { data, isLoading, isError, error } = useReadiness(product.id)
  return (
    <Container
      className="divide-y p-0"
      data-testid="shipping-services-product-readiness"
    >
      <div className="px-6 py-4">
        <Heading level="h2">Shipping</Heading>
      </div>
      <div className="px-6 py-4">
        {isLoading ? (
          <Text size="small" className="text-ui-fg-subtle">
            Checking…
          </Text>
        ) : isError ? (
          <Text size="small" className="text-ui-fg-error">
            {errorMessage(error)}
          </Text>
        ) : !data?.variants.length ? (
          <Text size="small" className="text-ui-fg-subtle">
            Every variant can ship with the configured services.
          </Text>
        ) : (
          <ReadinessTable variants={data.variants} showProduct={false} />
        )}
      </div>
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "product.details.after",
  id: "shipping-services.product-readiness",
})

export default ProductReadinessWidget

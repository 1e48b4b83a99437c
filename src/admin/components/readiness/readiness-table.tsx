import { Badge, Table, Text } from "@medusajs/ui"
import type { VariantReadiness } from "../../lib/types"

/** One row per variant and service; "Advice" rows ship but customs may hold them. */
export function ReadinessTable({
  variants,
  showProduct = true,
}: {
  variants: VariantReadiness[]
  showProduct?: boolean
}) {
  return (
    <Table>
      <Table.Header>
        <Table.Row>
          {showProduct && <Table.HeaderCell>Product</Table.HeaderCell>}
          <Table.HeaderCell>Variant</Table.HeaderCell>
          <Table.HeaderCell>Service</Table.HeaderCell>
          <Table.HeaderCell>What to fill in</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {variants.flatMap((v) =>
          v.problems.map((p, i) => (
            <Table.Row
              key={`${v.variant_id}-${i}`}
              data-testid="readiness-row"
              data-variant-id={v.variant_id}
            >
              {showProduct && (
                <Table.Cell>
                  {i === 0 && v.product_id ? (
                    <a
                      className="text-ui-fg-interactive hover:underline"
                      href={`/app/products/${v.product_id}`}
                    >
                      {v.product_title ?? v.product_id}
                    </a>
                  ) : null}
                </Table.Cell>
              )}
              <Table.Cell>
                {i === 0
                  ? [v.variant_title, v.sku].filter(Boolean).join(" · ")
                  : null}
              </Table.Cell>
              <Table.Cell>
                <span className="flex flex-col">
                  <Text size="small">{p.service_name}</Text>
                  <Text size="xsmall" className="text-ui-fg-subtle">
                    {p.destination}
                  </Text>
                </span>
              </Table.Cell>
              <Table.Cell>
                <span className="flex items-start gap-x-2">
                  <Badge
                    size="2xsmall"
                    color={p.severity === "error" ? "red" : "orange"}
                  >
                    {p.severity === "error" ? "Cannot ship" : "Advice"}
                  </Badge>
                  <Text size="small" className="whitespace-normal">
                    {p.message}
                  </Text>
                </span>
              </Table.Cell>
            </Table.Row>
          ))
        )}
      </Table.Body>
    </Table>
  )
}

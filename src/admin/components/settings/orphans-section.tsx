import { Badge, Button, Table, Text, toast } from "@medusajs/ui"
import { useOrphans, useVoidOrphan } from "../../lib/api"
import { errorMessage, formatDateTime } from "../../lib/format"
import type { OrphanView } from "../../lib/types"
import { Section } from "./section"

function Status({ orphan }: { orphan: OrphanView }) {
  if (orphan.status === "voided") {
    return (
      <Badge size="2xsmall" color="grey">
        {orphan.void_reason === "orphan" ? "Voided automatically" : "Voided"}
      </Badge>
    )
  }
  return (
    <span className="flex flex-col gap-y-1">
      <Badge size="2xsmall" color="red">
        Not voided
      </Badge>
      {orphan.reason && (
        <Text size="xsmall" className="text-ui-fg-subtle">
          {orphan.reason}
        </Text>
      )}
    </span>
  )
}

/** Labels no fulfillment holds are never left silently: voided while allowed, else listed with the reason. */
export function OrphansSection() {
  const { data } = useOrphans()
  const voidOrphan = useVoidOrphan()
  const orphans = data?.orphans ?? []
  return (
    <Section
      title="Labels without a fulfillment"
      description="Bought while a process stopped and taken by no fulfillment afterwards. They are voided automatically within the void window (option recovery.voidOrphans)."
      testId="orphans-section"
    >
      {!orphans.length ? (
        <Text size="small" className="text-ui-fg-subtle">
          None: every label bought belongs to a fulfillment.
        </Text>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Tracking number</Table.HeaderCell>
              <Table.HeaderCell>Order</Table.HeaderCell>
              <Table.HeaderCell>Bought</Table.HeaderCell>
              <Table.HeaderCell>Status</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {orphans.map((o) => (
              <Table.Row key={o.id} data-testid="orphan-row">
                <Table.Cell>{o.tracking_number ?? o.id}</Table.Cell>
                <Table.Cell>
                  {o.order_id ? (
                    <a
                      className="text-ui-fg-interactive hover:underline"
                      href={`/app/orders/${o.order_id}`}
                    >
                      {o.order_id}
                    </a>
                  ) : (
                    "–"
                  )}
                </Table.Cell>
                <Table.Cell>{formatDateTime(o.created_at)}</Table.Cell>
                <Table.Cell>
                  <Status orphan={o} />
                </Table.Cell>
                <Table.Cell className="text-right">
                  {o.voidable && (
                    <Button
                      size="small"
                      variant="secondary"
                      isLoading={
                        voidOrphan.isPending && voidOrphan.variables === o.id
                      }
                      onClick={() =>
                        voidOrphan.mutate(o.id, {
                          onError: (e) =>
                            toast.error("Not voided", {
                              description: errorMessage(e),
                            }),
                        })
                      }
                    >
                      Void
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Section>
  )
}

import { Container, Heading, Table } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { useBatches } from "../../lib/api"
import { formatDateTime } from "../../lib/format"

/** The latest print batches with their counts, each linking to its page (under Ready to ship). */
export function RecentBatches() {
  const { data } = useBatches()
  if (!data?.batches.length) return null
  return (
    <Container className="divide-y p-0" data-testid="recent-batches">
      <div className="px-6 py-4">
        <Heading level="h2">Recent batches</Heading>
      </div>
      <Table>
        <Table.Body>
          {data.batches.map((b) => (
            <Table.Row key={b.id}>
              <Table.Cell>
                <Link
                  to={`/ready-to-ship/batches/${b.id}`}
                  className="text-ui-fg-interactive"
                >
                  {formatDateTime(b.created_at)}
                </Link>
              </Table.Cell>
              <Table.Cell>
                {b.mode === "buy" ? "Labels bought" : "Printed"}
              </Table.Cell>
              <Table.Cell>
                {b.counts.done} done · {b.counts.failed} failed ·{" "}
                {b.counts.waiting + b.counts.running} waiting
              </Table.Cell>
              <Table.Cell>{b.status}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </Container>
  )
}

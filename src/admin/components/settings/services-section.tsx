import { Badge, Table } from "@medusajs/ui"
import { useServices } from "../../lib/api"
import { QueryBody, Section } from "./section"

/** Each is a fulfillment option in Medusa. */
export function ServicesSection() {
  const { data, isError, error } = useServices()
  return (
    <Section
      title="Enabled services"
      description="From the plugin's services option; “Set up shipping” below makes the shipping options of them."
      testId="services-section"
    >
      <QueryBody query={{ data, isError, error }}>
        {(data) => (
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Name</Table.HeaderCell>
                <Table.HeaderCell>Carrier · service</Table.HeaderCell>
                <Table.HeaderCell>Label</Table.HeaderCell>
                <Table.HeaderCell>Close-out</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.services.map((s) => (
                <Table.Row key={s.id}>
                  <Table.Cell>
                    {s.name}{" "}
                    {s.is_return && <Badge size="2xsmall">return</Badge>}
                    <div className="text-ui-fg-subtle txt-compact-xsmall">
                      {s.id}
                    </div>
                  </Table.Cell>
                  <Table.Cell>
                    {s.carrier} · {s.service_id}
                    {s.special_services.length ? (
                      <div className="text-ui-fg-subtle txt-compact-xsmall">
                        {s.special_services.join(", ")}
                      </div>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell>
                    {s.label.file_format} · {s.label.size ?? "–"}
                  </Table.Cell>
                  <Table.Cell>
                    {s.add_to_manifest ? "Manifested" : "–"}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </QueryBody>
    </Section>
  )
}

import { Button, Table, Text, toast } from "@medusajs/ui"
import { ArrowDownTray } from "@medusajs/icons"
import { useCloseOut, useManifests } from "../../lib/api"
import { downloadFile } from "../../lib/files"
import { errorMessage, formatDateTime } from "../../lib/format"
import type { ManifestView } from "../../lib/types"
import { Section } from "./section"

const fileName = (m: ManifestView) =>
  `manifest-${m.submission_date}-${m.carrier}-${m.manifest_id}.pdf`
const download = (m: ManifestView) =>
  downloadFile(m.document_url, "application/pdf", fileName(m))

/** One scan form per carrier, downloaded at once and kept for later. */
export function CloseOutSection() {
  const { data } = useManifests()
  const closeOut = useCloseOut()

  const onCloseOut = () =>
    closeOut.mutate(undefined, {
      onSuccess: async (r) => {
        for (const f of r.failures)
          toast.error(`${f.carrier} manifest failed`, {
            description: f.message,
          })
        if (!r.manifests.length) {
          if (!r.failures.length)
            toast.info("Nothing to close out", {
              description: "No label waits for today's manifest.",
            })
          return
        }
        toast.success(
          `${r.manifests.length} manifest${r.manifests.length > 1 ? "s" : ""} created`,
          {
            description: r.manifests
              .map(
                (m) =>
                  `${m.carrier}: ${m.shipments} parcel${m.shipments > 1 ? "s" : ""}`
              )
              .join(", "),
          }
        )
        for (const m of r.manifests)
          await download(m).catch((e) =>
            toast.error("The manifest could not be downloaded", {
              description: errorMessage(e),
            })
          )
      },
      onError: (e) =>
        toast.error("The close-out failed", { description: errorMessage(e) }),
    })

  return (
    <Section
      title="Close-out"
      description="Manifests today's labels created for close-out (postal letters and flats never are); hand the scan form to the carrier."
      testId="close-out-section"
      actions={
        <Button
          size="small"
          onClick={onCloseOut}
          isLoading={closeOut.isPending}
          data-testid="close-out"
        >
          Close out today
        </Button>
      }
    >
      {!data?.manifests.length ? (
        <Text size="small" className="text-ui-fg-subtle">
          No manifests yet.
        </Text>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Date</Table.HeaderCell>
              <Table.HeaderCell>Carrier</Table.HeaderCell>
              <Table.HeaderCell>Manifest</Table.HeaderCell>
              <Table.HeaderCell>Parcels</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.manifests.map((m) => (
              <Table.Row key={m.manifest_id}>
                <Table.Cell title={formatDateTime(m.created_at)}>
                  {m.submission_date}
                </Table.Cell>
                <Table.Cell>{m.carrier}</Table.Cell>
                <Table.Cell>
                  {m.manifest_tracking_number ?? m.manifest_id}
                </Table.Cell>
                <Table.Cell>{m.shipments}</Table.Cell>
                <Table.Cell className="text-right">
                  <Button
                    size="small"
                    variant="transparent"
                    onClick={() =>
                      download(m).catch((e) =>
                        toast.error("The manifest could not be downloaded", {
                          description: errorMessage(e),
                        })
                      )
                    }
                  >
                    <ArrowDownTray />
                    PDF
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Section>
  )
}

import { Button, Input, Label, Text, toast } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { useContact, useSaveContact } from "../../lib/api"
import { errorMessage, formatDateTime } from "../../lib/format"
import { KeyValue, QueryBody, Section } from "./section"

/** Only changed fields are sent. */
export function ContactSection() {
  const { data, isError, error } = useContact()
  const save = useSaveContact()
  const contact = data?.contact
  const [name, setName] = useState("")
  const [company, setCompany] = useState("")
  useEffect(() => {
    setName(contact?.name ?? "")
    setCompany(contact?.company ?? "")
  }, [contact?.name, contact?.company])

  const changes: { name?: string; company?: string } = {}
  if (name.trim() && name.trim() !== (contact?.name ?? ""))
    changes.name = name.trim()
  if (company.trim() && company.trim() !== (contact?.company ?? ""))
    changes.company = company.trim()
  const dirty = Object.keys(changes).length > 0

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!dirty) return
    save.mutate(changes, {
      onSuccess: (r) =>
        toast.success(
          r.changed ? "Sender contact saved at the service" : "Nothing changed"
        ),
      onError: (err) =>
        toast.error("The sender contact was not saved", {
          description: errorMessage(err),
        }),
    })
  }

  return (
    <Section
      title="Sender contact"
      description="The name and company the service keeps for this store's shipments."
      testId="contact-section"
    >
      <QueryBody query={{ data, isError, error }}>
        {() =>
          !contact ? (
            <Text size="small">
              No contact is configured (plugin option contact.contactId).
            </Text>
          ) : (
            <form onSubmit={onSubmit} className="flex flex-col gap-y-4">
              <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
                <div className="flex flex-col gap-y-2">
                  <Label htmlFor="ss-contact-name" size="small">
                    Name
                  </Label>
                  <Input
                    id="ss-contact-name"
                    size="small"
                    value={name}
                    maxLength={100}
                    onChange={(e) => setName(e.target.value)}
                  />
                </div>
                <div className="flex flex-col gap-y-2">
                  <Label htmlFor="ss-contact-company" size="small">
                    Company
                  </Label>
                  <Input
                    id="ss-contact-company"
                    size="small"
                    value={company}
                    maxLength={100}
                    onChange={(e) => setCompany(e.target.value)}
                  />
                  {contact.company_follows_store && (
                    <Text size="xsmall" className="text-ui-fg-subtle">
                      Follows the store's name until set here or in the options.
                    </Text>
                  )}
                </div>
              </div>
              <KeyValue label="Contact">
                {contact.contact_id}
                {contact.id_type ? ` (${contact.id_type})` : ""} ·{" "}
                {contact.source === "saved"
                  ? `saved ${formatDateTime(contact.synced_at)}`
                  : "from the options"}
              </KeyValue>
              <div>
                <Button
                  size="small"
                  type="submit"
                  disabled={!dirty}
                  isLoading={save.isPending}
                  data-testid="save-contact"
                >
                  Save
                </Button>
              </div>
            </form>
          )
        }
      </QueryBody>
    </Section>
  )
}

import { Badge, Button, Text, toast, usePrompt } from "@medusajs/ui"
import { useWebhookAction, useWebhooks } from "../../lib/api"
import { errorMessage, formatDateTime } from "../../lib/format"
import { KeyValue, QueryBody, Section } from "./section"

const lastError = (e: unknown): string | null => {
  const message = (e as { message?: unknown } | null)?.message
  return e ? (typeof message === "string" ? message : "unknown error") : null
}

/** The tracking (and locker) webhook registration at the service, never its key. */
export function WebhooksSection() {
  const { data, isError, error } = useWebhooks()
  const reRegister = useWebhookAction("re-register")
  const rotate = useWebhookAction("rotate-key")
  const prompt = usePrompt()
  const status = data?.webhooks

  const onReRegister = () =>
    reRegister.mutate(undefined, {
      onSuccess: () => toast.success("Webhooks registered"),
      onError: (e) =>
        toast.error("The webhooks were not registered", {
          description: errorMessage(e),
        }),
    })
  const onRotate = async () => {
    const ok = await prompt({
      title: "Rotate the webhook key?",
      description:
        "A new key is sent to the service. The previous key stays accepted for 24 hours, so deliveries in flight still arrive.",
      confirmText: "Rotate key",
      cancelText: "Cancel",
    })
    if (!ok) return
    rotate.mutate(undefined, {
      onSuccess: () => toast.success("Webhook key rotated"),
      onError: (e) =>
        toast.error("The key was not rotated", {
          description: errorMessage(e),
        }),
    })
  }

  return (
    <Section
      title="Tracking webhooks"
      description="The service pushes tracking events to this store; polling covers parcels without recent events."
      testId="webhooks-section"
      actions={
        <>
          <Button
            size="small"
            variant="secondary"
            onClick={onReRegister}
            isLoading={reRegister.isPending}
            data-testid="re-register-webhooks"
          >
            Re-register
          </Button>
          <Button
            size="small"
            variant="secondary"
            onClick={onRotate}
            isLoading={rotate.isPending}
            disabled={!status?.registrations.length}
            data-testid="rotate-webhook-key"
          >
            Rotate key
          </Button>
        </>
      }
    >
      <QueryBody
        keepOnError
        query={{ data: status, isError: isError, error: error }}
      >
        {(status) => (
          <div className="flex flex-col gap-y-3">
            {status.blocked && (
              <Text size="small" className="text-ui-fg-error">
                {status.blocked.message}
              </Text>
            )}
            {status.warnings.map((w) => (
              <Text key={w} size="small" className="text-ui-fg-subtle">
                {w}
              </Text>
            ))}
            <KeyValue label="Public URL">
              {status.public_url ?? "not set"}
            </KeyValue>
            {status.registrations.length === 0 && (
              <Text size="small">No webhook is registered at the service.</Text>
            )}
            {status.registrations.map((r) => (
              <div
                key={r.type}
                className="flex flex-col"
                data-testid={`webhook-${r.type}`}
              >
                <KeyValue label={`${r.type} webhook`}>
                  <Badge
                    size="2xsmall"
                    color={
                      r.status === "active" && !lastError(r.last_error)
                        ? "green"
                        : lastError(r.last_error)
                          ? "red"
                          : "orange"
                    }
                    data-testid="webhook-status"
                  >
                    {r.status ?? "unknown"}
                  </Badge>
                  <span className="text-ui-fg-subtle ml-2">
                    {r.id ? `configuration ${r.id}` : "not at the service yet"}
                  </span>
                </KeyValue>
                <KeyValue label="Delivers to">{r.url ?? "–"}</KeyValue>
                <KeyValue label="Events">{r.events.join(", ") || "–"}</KeyValue>
                <KeyValue label="Last synced">
                  {formatDateTime(r.synced_at)}
                </KeyValue>
                <KeyValue label="Last delivery">
                  {formatDateTime(r.last_delivery_at)}
                </KeyValue>
                <KeyValue label="Key rotated">
                  {formatDateTime(r.key_rotated_at)}
                  {r.previous_key_accepted_until
                    ? ` (previous key accepted until ${formatDateTime(r.previous_key_accepted_until)})`
                    : ""}
                </KeyValue>
                {lastError(r.last_error) && (
                  <KeyValue label="Last error">
                    <span className="text-ui-fg-error">
                      {lastError(r.last_error)}
                    </span>
                  </KeyValue>
                )}
              </div>
            ))}
            {status.last_run && (
              <KeyValue label="Last registration run">
                {formatDateTime(status.last_run.at)} ({status.last_run.reason})
                —{" "}
                {status.last_run.ok
                  ? "ok"
                  : (status.last_run.error?.message ?? "failed")}
              </KeyValue>
            )}
          </div>
        )}
      </QueryBody>
    </Section>
  )
}

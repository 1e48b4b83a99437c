import { Alert, Button, Text, toast } from "@medusajs/ui"
import { useRetryAutoFulfillment } from "../../lib/api"
import { errorMessage, formatDateTime } from "../../lib/format"
import type { AutoFulfillmentView } from "../../lib/types"

/** A failed automatic fulfillment with "retry now"; one waiting for the service says nothing needs doing. */
export function AutoFulfillmentNotice({
  orderId,
  record,
}: {
  orderId: string
  record: AutoFulfillmentView
}) {
  const retry = useRetryAutoFulfillment(orderId)
  if (record.status !== "failed" && record.status !== "waiting") return null
  const waiting = record.status === "waiting"
  const onRetry = () =>
    retry.mutate(undefined, {
      onSuccess: () =>
        toast.success("Fulfilled", { description: "The label was created." }),
      onError: (e) =>
        toast.error("The automatic fulfillment failed again", {
          description: errorMessage(e),
        }),
    })
  return (
    <Alert
      variant={waiting ? "warning" : "error"}
      className="flex flex-col gap-y-2"
      data-testid={
        waiting ? "auto-fulfillment-waiting" : "auto-fulfillment-failed"
      }
    >
      <Text size="small" weight="plus">
        {waiting
          ? "Waiting for the shipping service"
          : `Automatic fulfillment failed (attempt ${record.attempts} of ${record.max_attempts})`}
      </Text>
      <Text size="small">{record.last_error}</Text>
      <Text size="xsmall" className="text-ui-fg-subtle">
        {waiting
          ? "No attempt is spent while the service is not answering: the label is bought by itself once it answers again."
          : record.next_attempt_at
            ? `Next automatic attempt: ${formatDateTime(record.next_attempt_at)}.`
            : "No automatic attempts left: retry here or fulfill the order by hand."}
      </Text>
      <div>
        <Button
          size="small"
          variant="secondary"
          onClick={onRetry}
          isLoading={retry.isPending}
          data-testid="retry-auto-fulfillment"
        >
          Retry now
        </Button>
      </div>
    </Alert>
  )
}

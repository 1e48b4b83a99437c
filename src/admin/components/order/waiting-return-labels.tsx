import { Alert, Button, Text, toast } from "@medusajs/ui"
import { useBuyReturnLabel } from "../../lib/api"
import { errorMessage, formatDateTime } from "../../lib/format"
import type { WaitingReturnLabelView } from "../../lib/types"

/** Bought once Medusa confirmed the change: being bought, or why not and when next, with "buy now". */
export function WaitingReturnLabels({
  orderId,
  waiting,
}: {
  orderId: string
  waiting: WaitingReturnLabelView[]
}) {
  const buy = useBuyReturnLabel(orderId)
  if (!waiting.length) return null
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4">
      {waiting.map((w) => (
        <Alert
          key={w.fulfillment_id}
          variant={w.last_error ? "error" : "info"}
          className="flex flex-col gap-y-2"
          data-testid="waiting-return-label"
        >
          <Text size="small" weight="plus">
            {w.last_error
              ? `The return label of ${w.kind} ${w.id} was not bought (${w.attempts} failed ${w.attempts === 1 ? "attempt" : "attempts"})`
              : `The return label of ${w.kind} ${w.id} is being bought…`}
          </Text>
          {w.last_error && <Text size="small">{w.last_error.message}</Text>}
          {w.last_error && (
            <>
              <Text size="xsmall" className="text-ui-fg-subtle">
                {w.next_attempt_at
                  ? `Next automatic attempt: ${formatDateTime(w.next_attempt_at)}.`
                  : "No automatic attempts left: buy it here once the cause is fixed, or cancel the change."}
              </Text>
              <div>
                <Button
                  size="small"
                  variant="secondary"
                  isLoading={buy.isPending && buy.variables === w.return_id}
                  onClick={() =>
                    buy.mutate(w.return_id, {
                      onSuccess: () =>
                        toast.success("Return label bought", {
                          description:
                            "The customer gets it as for a store return.",
                        }),
                      onError: (e) =>
                        toast.error("The return label was not bought", {
                          description: errorMessage(e),
                        }),
                    })
                  }
                  data-testid="buy-return-label"
                >
                  Buy now
                </Button>
              </div>
            </>
          )}
        </Alert>
      ))}
    </div>
  )
}

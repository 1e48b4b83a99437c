import { Badge } from "@medusajs/ui"
import { useReturnsGuard } from "../../lib/api"
import { formatDateTime } from "../../lib/format"
import { KeyValue, QueryBody, Section } from "./section"

/** Refusals are counted by reason only; nothing about who asked is kept. */
export function ReturnsSection() {
  const { data, isError, error } = useReturnsGuard()
  return (
    <Section
      title="Customer returns"
      description="POST /store/returns with this plugin's return options buys a label at your cost."
      testId="returns-section"
    >
      <QueryBody query={{ data, isError, error }}>
        {(data) => (
          <div>
            <KeyValue label="Who may create one">
              {data.require_customer ? (
                <Badge size="2xsmall" color="green">
                  the order's logged-in customer
                </Badge>
              ) : (
                <Badge size="2xsmall" color="orange">
                  anyone with the order id (returns.requireCustomer: false)
                </Badge>
              )}
            </KeyValue>
            <KeyValue label="Refused attempts">
              <span data-testid="returns-refused-total">
                {data.refused.total}
              </span>
              {data.refused.total > 0 && (
                <span className="text-ui-fg-subtle">
                  {" "}
                  (no login {data.refused.no_session}, another customer{" "}
                  {data.refused.other_customer}, unknown order{" "}
                  {data.refused.unknown_order}; last{" "}
                  {formatDateTime(data.refused.last_at)})
                </span>
              )}
            </KeyValue>
            <KeyValue label="Label page in emails">
              {data.label_page_url ?? "–"}
            </KeyValue>
          </div>
        )}
      </QueryBody>
    </Section>
  )
}

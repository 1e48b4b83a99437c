import { Badge, Button, Text } from "@medusajs/ui"
import { useConnection } from "../../lib/api"
import { formatDateTime } from "../../lib/format"
import { KeyValue, QueryBody, Section } from "./section"

export function ConnectionSection() {
  const { data, isFetching, isError, error, refetch } = useConnection()
  return (
    <Section
      title="Connection"
      description="Whether this store gets a token with its credentials and reaches every root of the service."
      testId="connection-section"
      actions={
        <Button
          size="small"
          variant="secondary"
          onClick={() => refetch()}
          isLoading={isFetching}
          data-testid="check-connection"
        >
          Check again
        </Button>
      }
    >
      <QueryBody keepOnError query={{ data, isError, error }}>
        {(data) => (
          <div className="flex flex-col">
            {data.service.kind === "sandbox" && (
              <div
                className="bg-ui-tag-orange-bg border-ui-tag-orange-border mb-3 rounded-md border px-3 py-2"
                data-testid="sandbox-notice"
              >
                <Text
                  size="small"
                  weight="plus"
                  className="text-ui-tag-orange-text"
                >
                  Connected to the local sandbox, not the shipping service
                </Text>
                <Text size="small" className="text-ui-tag-orange-text">
                  Labels bought here are test labels that no carrier moves. The
                  sandbox runs its own clock (
                  {formatDateTime(data.service.clock)}
                  {data.service.speed === 0
                    ? ", frozen: it moves only when advanced"
                    : data.service.speed !== 1
                      ? `, ${data.service.speed}× real time`
                      : ""}
                  ): tracking dates are judged by it. Point roots.baseUrl at the
                  service to ship for real.
                </Text>
              </div>
            )}
            <KeyValue label="Service">
              <span data-testid="service-kind">
                {data.service.kind === "sandbox"
                  ? "Sandbox (local test service)"
                  : data.service.kind === "service"
                    ? "Shipping service"
                    : "No answer yet"}
              </span>
            </KeyValue>
            <KeyValue label="Token">
              <Badge
                size="2xsmall"
                color={data.token === "ok" ? "green" : "red"}
                data-testid="token-status"
              >
                {data.token === "ok" ? "Obtained" : "Failed"}
              </Badge>
              {data.token_error && (
                <span className="text-ui-fg-error ml-2">
                  {data.token_error}
                </span>
              )}
            </KeyValue>
            <KeyValue label="Authenticated call">
              {data.authorized_call.ok
                ? "Applicable events listed"
                : data.authorized_call.error}
            </KeyValue>
            {data.roots.map((r) => (
              <KeyValue key={r.name} label={`Root ${r.name}`}>
                <Badge size="2xsmall" color={r.reachable ? "green" : "red"}>
                  {r.reachable ? "Reachable" : "Unreachable"}
                </Badge>
                <span className="text-ui-fg-subtle ml-2">
                  {r.url} — {r.serves}
                  {/* A root answers 404 to a bare GET: it is up, which is all this row says. */}
                  {r.reachable && r.status
                    ? ` — answered HTTP ${r.status}`
                    : ""}
                  {r.error ? ` — ${r.error}` : ""}
                </span>
              </KeyValue>
            ))}
            <KeyValue label="Checked">
              {formatDateTime(data.checked_at)}
            </KeyValue>
          </div>
        )}
      </QueryBody>
    </Section>
  )
}
